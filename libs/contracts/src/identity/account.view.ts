/** A sign-in method of a user as list-accounts shows it: never tokens nor password hashes. */
export interface AccountView {
  readonly id: string;
  /** `credential` for email and password, else the social provider's id (the v1.7 client reads this one). */
  readonly providerId: string;
  /** The same, under the name v1.2-era clients read. */
  readonly provider: string;
  readonly userId: string;
  readonly accountId: string;
  /** The address the provider gave at the link, the user's own for `credential` (beyond the reference). */
  readonly email: string | null;
  readonly scopes: readonly string[];
  readonly createdAt: string;
  readonly updatedAt: string;
}
