import { AuthErrors, DomainError, HttpStatus } from '@authsvc/errors';
import { errors, jwtVerify, SignJWT } from 'jose';

/** What a verification link proves (claims of the HS256 token, as the reference client's server issues them). */
export interface VerificationClaims {
  readonly email: string;
  readonly userId: string;
  readonly requestType: 'email-verification';
}

/** Signs a verification token valid for `expiresInSeconds` from `now`. */
export async function signVerificationToken(
  claims: VerificationClaims,
  secret: string,
  now: Date,
  expiresInSeconds: number,
): Promise<string> {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + expiresInSeconds)
    .sign(new TextEncoder().encode(secret));
}

/**
 * The claims of a valid email-verification token at `now` (HS256 only). Anything else is a catalogue error
 * with the 401 of the verify-email endpoint: TOKEN_EXPIRED for an expired one, INVALID_TOKEN otherwise.
 */
export async function readVerificationToken(token: string, secret: string, now: Date): Promise<VerificationClaims> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), {
      algorithms: ['HS256'],
      currentDate: now,
    });
    if (payload.requestType !== 'email-verification' || typeof payload.email !== 'string' || !payload.userId) {
      throw new errors.JWTInvalid('not an email-verification token');
    }
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
