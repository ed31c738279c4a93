/** A sign-in method of a user as list-accounts shows it: never tokens nor password hashes. */
export interface AccountView {
  readonly id: string;
  /** `credential` for email and password, else the social provider's id. */
  readonly provider: string;
  readonly accountId: string;
  readonly scopes: readonly string[];
  readonly createdAt: string;
  readonly updatedAt: string;
}
