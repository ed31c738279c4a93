import type { UserView } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

/** Who is signing in: by email or by username. */
export type CredentialLogin = { readonly email: string } | { readonly username: string };

export class VerifyPasswordQuery extends Query<UserView> {
  constructor(
    readonly login: CredentialLogin,
    readonly password: string,
  ) {
    super();
  }
}
