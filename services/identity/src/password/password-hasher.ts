import bcrypt from 'bcrypt';

/**
 * bcrypt runs in libuv's thread pool, so hashing never blocks the event loop. `dummyHash` lets a sign-in
 * for an unknown email spend the same time as one with a wrong password (no enumeration by timing).
 */
export class PasswordHasher {
  private dummy?: Promise<string>;

  constructor(private readonly cost: number) {}

  hash(password: string): Promise<string> {
    return bcrypt.hash(password, this.cost);
  }

  verify(password: string, hash: string): Promise<boolean> {
    return bcrypt.compare(password, hash);
  }

  dummyHash(): Promise<string> {
    this.dummy ??= bcrypt.hash('timing-equaliser', this.cost);
    return this.dummy;
  }
}
