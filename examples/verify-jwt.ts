/**
 * Verifying the auth service's JWTs in an internal system, for you to copy: a token from `GET /api/auth/token` (or
 * the `set-auth-jwt` header of get-session) is checked against the public keys of `GET /api/auth/jwks`, with its
 * issuer and audience, without calling the auth service per token (docs/jwt.md explains each choice).
 *
 *   npx tsc -p examples
 *   AUTH_URL=https://auth.example.com node examples/dist/verify-jwt.js <token>
 *
 * It imports only `jose` and Node. The key set is fetched once and kept; a token signed by a key it does not know
 * yet (after a rotation) makes it fetch the set again (at most every 30 s), so rotations need nothing from you.
 *
 * Environment: AUTH_URL (the gateway's BASE_URL), JWT_ISSUER and JWT_AUDIENCE (as the gateway is configured;
 * both default to AUTH_URL). Prints the verified claims as JSON; exits with 1 and the reason when it refuses.
 */
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import { pathToFileURL } from 'node:url';

export interface VerifierSettings {
  readonly authUrl: string;
  readonly issuer: string;
  readonly audience: string;
}

export function settingsFromEnvironment(env: NodeJS.ProcessEnv): VerifierSettings {
  const authUrl = (env.AUTH_URL ?? '').replace(/\/$/, '');
  if (!authUrl) throw new Error('AUTH_URL is not set');
  return { authUrl, issuer: env.JWT_ISSUER || authUrl, audience: env.JWT_AUDIENCE || authUrl };
}

/**
 * A verifier for one auth service: keep one per process, so that the key set is fetched once. It accepts only
 * EdDSA (the service's algorithm: a token naming another one is refused), an unexpired token, the configured
 * issuer and audience, and a subject.
 */
export function createVerifier(settings: VerifierSettings): (token: string) => Promise<JWTPayload> {
  const keys = createRemoteJWKSet(new URL(`${settings.authUrl}/api/auth/jwks`));
  return async (token) => {
    const { payload } = await jwtVerify(token, keys, {
      algorithms: ['EdDSA'],
      issuer: settings.issuer,
      audience: settings.audience,
      requiredClaims: ['sub', 'exp', 'iat'],
    });
    return payload;
  };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  Promise.resolve()
    .then(async () => {
      const token = process.argv[2];
      if (!token) throw new Error('usage: verify-jwt <token>');
      const claims = await createVerifier(settingsFromEnvironment(process.env))(token);
      process.stdout.write(`${JSON.stringify(claims)}\n`);
    })
    .catch((error: unknown) => {
      process.stderr.write(`refused: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    });
}
