import type { Account } from 'oidc-provider';

/** A person known to the local OpenID provider, with the claims Google puts in its id tokens. */
export interface OpenIdUser {
  readonly sub: string;
  readonly email: string;
  readonly emailVerified: boolean;
  readonly name: string;
  readonly picture?: string;
}

/** The provider's accounts, by subject: what `findAccount` reads and the sign-in page checks. */
export class OpenIdUsers {
  private readonly users = new Map<string, OpenIdUser>();

  add(user: OpenIdUser): void {
    this.users.set(user.sub, user);
  }

  /** The person closes their account: the provider then refuses their grants (a refresh among them). */
  remove(sub: string): void {
    this.users.delete(sub);
  }

  has(sub: string): boolean {
    return this.users.has(sub);
  }

  /** The `findAccount` setting; the claims are read at issue time, so a changed user shows in later tokens. */
  readonly findAccount = async (_context: unknown, sub: string): Promise<Account | undefined> => {
    if (!this.users.has(sub)) return undefined;
    return {
      accountId: sub,
      claims: async () => {
        const user = this.users.get(sub);
        if (user === undefined) return { sub };
        return {
          sub,
          email: user.email,
          email_verified: user.emailVerified,
          name: user.name,
          ...(user.picture === undefined ? {} : { picture: user.picture }),
        };
      },
    };
  };
}
