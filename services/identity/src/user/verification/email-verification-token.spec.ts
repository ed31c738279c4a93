import { KeyRing, purposeKey } from '@authsvc/config';
import { SignJWT } from 'jose';
import { readVerificationToken, signVerificationToken, verificationUrl } from './email-verification-token.js';

describe('email verification token', () => {
  const ring = (...secrets: string[]) => new KeyRing(secrets, 'verification-token');
  const secret = ring('a-test-secret-that-is-long-enough-0123');
  const claims = { email: 'ada@example.com', userId: 'u1', requestType: 'email-verification' as const };
  const issuedAt = new Date('2026-01-01T00:00:00Z');

  const invalid = { code: 'INVALID_TOKEN', status: 401 };
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
    expect(await failureOf(readVerificationToken(token, ring('another-secret'), issuedAt))).toEqual(invalid);
    expect(await failureOf(readVerificationToken('not-a-jwt', secret, issuedAt))).toEqual(invalid);
  });

  it('refuses a validly signed token issued for another purpose', async () => {
    const other = await new SignJWT({ email: claims.email, userId: 'u1', requestType: 'password-reset' })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime('1h')
      .sign(purposeKey('a-test-secret-that-is-long-enough-0123', 'verification-token'));
    expect(await failureOf(readVerificationToken(other, secret, issuedAt))).toEqual({
      code: 'INVALID_TOKEN',
      status: 401,
    });
  });

  it('reads a token signed under a previous secret after a rotation, not one under a removed secret', async () => {
    const token = await signVerificationToken(claims, ring('old-secret'), issuedAt, 3600);
    await expect(readVerificationToken(token, ring('new-secret', 'old-secret'), issuedAt)).resolves.toMatchObject(
      claims,
    );
    expect(await failureOf(readVerificationToken(token, ring('new-secret'), issuedAt))).toEqual(invalid);
  });

  it('refuses a token signed with the secret itself instead of its verification-token key', async () => {
    const raw = await new SignJWT({ ...claims })
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt(Math.floor(issuedAt.getTime() / 1000))
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-test-secret-that-is-long-enough-0123'));
    expect(await failureOf(readVerificationToken(raw, secret, issuedAt))).toEqual(invalid);
  });

  it('builds the link under the auth API with an encoded callback', () => {
    const link = new URL(verificationUrl(new URL('http://localhost:3000'), 'tok', '/welcome?x=1'));
    expect(link.pathname).toBe('/api/auth/verify-email');
    expect(link.searchParams.get('token')).toBe('tok');
    expect(link.searchParams.get('callbackURL')).toBe('/welcome?x=1');
  });
});
