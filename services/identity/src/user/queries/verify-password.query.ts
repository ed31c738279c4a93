import type { UserView } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

/** Who is signing in: by email or by username. */
export type CredentialLogin = { readonly email: string } | { readonly username: string };

/** The user a password proved, and their stored hash when it is outdated (to be stored again in the current form). */
export interface ProvenPassword {
  readonly user: UserView;
  readonly outdatedHash: string | null;
}

/** A password tried for a login by the client at `address` (the throttle tells clients apart by it). */
export class VerifyPasswordQuery extends Query<ProvenPassword> {
  constructor(
    readonly login: CredentialLogin,
    readonly password: string,
    readonly address: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
