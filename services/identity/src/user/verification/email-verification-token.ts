import { webcrypto } from 'node:crypto';
import type { KeyRing } from '@authsvc/config';
import { AuthErrors, DomainError, HttpStatus } from '@authsvc/errors';
import { errors, jwtVerify, SignJWT, type JWTPayload } from 'jose';

/**
 * What a link of ours proves, by its `requestType`: that the user receives mail at `email`
 * (`email-verification`); that the owner of `email` approves moving to `updateTo`
 * (`change-email-confirmation`); that the user receives mail at `updateTo` (`change-email-verification`).
 */
export type VerificationClaims =
  | { readonly requestType: 'email-verification'; readonly email: string; readonly userId: string }
  | {
      readonly requestType: 'change-email-confirmation' | 'change-email-verification';
      readonly email: string;
      readonly userId: string;
      readonly updateTo: string;
      /** Makes the link single-use: the user aggregate remembers the ids it has consumed. */
      readonly jti: string;
    };

const REQUEST_TYPES = new Set(['email-verification', 'change-email-confirmation', 'change-email-verification']);

/**
 * Each key as an HS256 key, imported once: given the raw bytes, jose imports a key for every token it signs or
 * checks.
 */
const importedKeys = new WeakMap<Buffer, Promise<webcrypto.CryptoKey>>();

function hmacKeyOf(key: Buffer): Promise<webcrypto.CryptoKey> {
  let imported = importedKeys.get(key);
  if (!imported) {
    imported = webcrypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
    importedKeys.set(key, imported);
  }
  return imported;
}

/** The payload of a token signed under one of the ring's keys (the current one first). */
async function verifiedPayload(token: string, keys: KeyRing, now: Date): Promise<JWTPayload> {
  for (const [index, { key }] of keys.all.entries()) {
    try {
      return (await jwtVerify(token, await hmacKeyOf(key), { algorithms: ['HS256'], currentDate: now })).payload;
    } catch (error) {
      const lastKey = index === keys.all.length - 1;
      if (lastKey || !(error instanceof errors.JWSSignatureVerificationFailed)) throw error;
    }
  }
  throw new errors.JWSSignatureVerificationFailed();
}

/**
 * Signs an HS256 token (header exactly `{"alg":"HS256"}`) under the ring's current key, valid for
 * `expiresInSeconds` from `now`.
 */
export async function signVerificationToken(
  claims: VerificationClaims,
  keys: KeyRing,
  now: Date,
  expiresInSeconds: number,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + expiresInSeconds)
    .sign(await hmacKeyOf(keys.current.key));
}

/**
 * The claims of a valid token at `now` (HS256 only, under one of the ring's keys). Anything else is a catalogue
 * error with the 401 of the verify-email endpoint: TOKEN_EXPIRED for an expired one, INVALID_TOKEN otherwise.
 */
export async function readVerificationToken(token: string, keys: KeyRing, now: Date): Promise<VerificationClaims> {
  try {
    const payload = await verifiedPayload(token, keys, now);
    const isChange = payload.requestType !== 'email-verification';
    const wellFormed =
      REQUEST_TYPES.has(String(payload.requestType)) &&
      typeof payload.email === 'string' &&
      typeof payload.userId === 'string' &&
      (!isChange || (typeof payload.updateTo === 'string' && typeof payload.jti === 'string'));
    if (!wellFormed) throw new errors.JWTInvalid('not a token of ours');
    return payload as unknown as VerificationClaims;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new DomainError(AuthErrors.TOKEN_EXPIRED);
    throw new DomainError(AuthErrors.INVALID_TOKEN, { status: HttpStatus.UNAUTHORIZED });
  }
}

/** The link mailed to the user: the gateway's verify-email endpoint with the token and where to go next. */
export function verificationUrl(baseUrl: URL, token: string, callbackURL: string | undefined): string {
  const url = new URL(`${baseUrl.toString().replace(/\/$/, '')}/api/auth/verify-email`);
  url.searchParams.set('token', token);
  url.searchParams.set('callbackURL', callbackURL ?? '/');
  return url.toString();
}
