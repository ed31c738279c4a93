import { createRemoteJWKSet, jwtVerify, type JWTPayload, type JWTVerifyOptions } from 'jose';

/** How long a provider's keys are trusted before they are fetched again. */
const KEYS_TTL_MS = 10 * 60 * 1000;
/** An unknown `kid` refetches the keys at most this often, so forged tokens cannot make us hammer a provider. */
const REFETCH_COOLDOWN_MS = 30 * 1000;

/** Asymmetric algorithms only: `none` and HMAC (keyed by the client secret, not by the provider) are refused. */
const ALGORITHMS = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512', 'ES256', 'ES384', 'ES512', 'EdDSA'];

/** Providers' signing keys, one cached key set per JWKS URL (jose's remote set: TTL and refetch cooldown). */
export class IdTokenKeys {
  private readonly sets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();

  /** The token's claims once its signature (and the claims `checks` name) verify; throws otherwise. */
  async verify(token: string, jwksUri: string, checks: JWTVerifyOptions = {}): Promise<JWTPayload> {
    const { payload } = await jwtVerify(token, this.keysOf(jwksUri), { ...checks, algorithms: ALGORITHMS });
    return payload;
  }

  private keysOf(jwksUri: string): ReturnType<typeof createRemoteJWKSet> {
    let keys = this.sets.get(jwksUri);
    if (keys === undefined) {
      keys = createRemoteJWKSet(new URL(jwksUri), {
        cacheMaxAge: KEYS_TTL_MS,
        cooldownDuration: REFETCH_COOLDOWN_MS,
        timeoutDuration: 10_000,
      });
      this.sets.set(jwksUri, keys);
    }
    return keys;
  }
}
