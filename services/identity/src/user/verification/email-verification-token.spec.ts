import { SignJWT } from 'jose';
import { readVerificationToken, signVerificationToken, verificationUrl } from './email-verification-token.js';

describe('email verification token', () => {
  const secret = 'a-test-secret-that-is-long-enough-0123';
  const claims = { email: 'ada@example.com', userId: 'u1', requestType: 'email-verification' as const };
  const issuedAt = new Date('2026-01-01T00:00:00Z');

  const failureOf = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: { code: string; status: number }) => ({ code: error.code, status: error.status }),
    );

  it('carries the header {"alg":"HS256"} and the claims', async () => {
    const token = await signVerificationToken(claims, secret, issuedAt, 3600);
    const header = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256' });
    await expect(readVerificationToken(token, secret, issuedAt)).resolves.toMatchObject(claims);
  });

  it('is refused after its lifetime with TOKEN_EXPIRED', async () => {
    const token = await signVerificationToken(claims, secret, issuedAt, 3600);
    const later = new Date(issuedAt.getTime() + 3601 * 1000);
    expect(await failureOf(readVerificationToken(token, secret, later))).toEqual({
      code: 'TOKEN_EXPIRED',
      status: 401,
    });
  });

  it('is refused with another secret, or when it is no token at all, with a 401 INVALID_TOKEN', async () => {
    const token = await signVerificationToken(claims, secret, issuedAt, 3600);
    const invalid = { code: 'INVALID_TOKEN', status: 401 };
    expect(await failureOf(readVerificationToken(token, `${secret}x`, issuedAt))).toEqual(invalid);
    expect(await failureOf(readVerificationToken('not-a-jwt', secret, issuedAt))).toEqual(invalid);
  });

  it('refuses a validly signed token issued for another purpose', async () => {
    const other = await new SignJWT({ email: claims.email, userId: 'u1', requestType: 'password-reset' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode(secret));
    expect(await failureOf(readVerificationToken(other, secret, issuedAt))).toEqual({
      code: 'INVALID_TOKEN',
      status: 401,
    });
  });

  it('builds the link under the auth API with an encoded callback', () => {
    const link = new URL(verificationUrl(new URL('http://localhost:3000'), 'tok', '/welcome?x=1'));
    expect(link.pathname).toBe('/api/auth/verify-email');
    expect(link.searchParams.get('token')).toBe('tok');
    expect(link.searchParams.get('callbackURL')).toBe('/welcome?x=1');
  });
});
