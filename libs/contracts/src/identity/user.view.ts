/** The public user object of every auth answer (dates as ISO strings). */
export interface UserView {
  readonly id: string;
  readonly email: string;
  readonly name: string;
  readonly image: string | null;
  readonly emailVerified: boolean;
  readonly createdAt: string;
  readonly updatedAt: string;
}
