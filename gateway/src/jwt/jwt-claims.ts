import type { UserView } from '@authsvc/contracts';

/** Who the tokens are from and for, and how long they live. */
export interface JwtSettings {
  readonly issuer: string;
  readonly audience: string;
  readonly lifetimeSeconds: number;
}

/** Whom a token is for: the session's user, and the admin acting as them when the session is an impersonation. */
export interface TokenSubject {
  readonly user: UserView;
  readonly session: { readonly impersonatedBy: string | null };
}

/**
 * The claims of a user's token, as the reference's `/token` makes them: the whole user (dates as ISO strings),
 * `iat`, `sub` = the user id, `exp` = `iat` + lifetime, `iss`, `aud`. A token of an impersonation also names the
 * admin acting as the user, in RFC 8693's actor claim `act: {sub: <admin id>}` (ASVS 9.2.x): a relying party can
 * tell (and log, or refuse) that someone else is acting; the reference's tokens do not say so.
 */
export function tokenClaims(
  { user, session }: TokenSubject,
  now: Date,
  settings: JwtSettings,
): Record<string, unknown> {
  const iat = Math.floor(now.getTime() / 1000);
  return {
    iat,
    ...user,
    sub: user.id,
    exp: iat + settings.lifetimeSeconds,
    iss: settings.issuer,
    aud: settings.audience,
    ...(session.impersonatedBy !== null ? { act: { sub: session.impersonatedBy } } : {}),
  };
}
