import type { UserView } from '@authsvc/contracts';

/** Who the tokens are from and for, and how long they live. */
export interface JwtSettings {
  readonly issuer: string;
  readonly audience: string;
  readonly lifetimeSeconds: number;
}

/**
 * The claims of a user's token, as the reference's `/token` makes them: the whole user (dates as ISO strings),
 * `iat`, `sub` = the user id, `exp` = `iat` + lifetime, `iss`, `aud`.
 */
export function tokenClaims(user: UserView, now: Date, settings: JwtSettings): Record<string, unknown> {
  const iat = Math.floor(now.getTime() / 1000);
  return {
    iat,
    ...user,
    sub: user.id,
    exp: iat + settings.lifetimeSeconds,
    iss: settings.issuer,
    aud: settings.audience,
  };
}
