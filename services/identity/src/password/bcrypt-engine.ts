/** The two bcrypt operations, replaceable in tests. */
export interface BcryptEngine {
  hash(password: string, cost: number): Promise<string>;
  compare(password: string, hash: string): Promise<boolean>;
}
