/** The public user object of every auth answer (dates as ISO strings). */
export interface UserView {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly image: string | null;
  readonly emailVerified: boolean;
  /** Lower-cased, unique; null for users without one. */
  readonly username: string | null;
  /** The username as the user typed it. */
  readonly displayUsername: string | null;
  readonly createdAt: string;
  readonly updatedAt: string;
}
