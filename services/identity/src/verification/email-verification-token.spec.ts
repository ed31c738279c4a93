import { signVerificationToken, verificationUrl, verifyVerificationToken } from './email-verification-token.js';

describe('email verification token', () => {
  const secret = 'a-test-secret-that-is-long-enough-0123';
  const claims = { email: 'ada@example.com', userId: 'u1', requestType: 'email-verification' as const };
  const issuedAt = new Date('2026-01-01T00:00:00Z');

  it('carries the header {"alg":"HS256"} and the claims', async () => {
    const token = await signVerificationToken(claims, secret, issuedAt, 3600);
    const header = JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256' });
    await expect(verifyVerificationToken(token, secret, issuedAt)).resolves.toMatchObject(claims);
  });

  it('is refused after its lifetime', async () => {
    const token = await signVerificationToken(claims, secret, issuedAt, 3600);
    const later = new Date(issuedAt.getTime() + 3601 * 1000);
    await expect(verifyVerificationToken(token, secret, later)).rejects.toThrow();
  });

  it('is refused with another secret', async () => {
    const token = await signVerificationToken(claims, secret, issuedAt, 3600);
    await expect(verifyVerificationToken(token, `${secret}x`, issuedAt)).rejects.toThrow();
  });

  it('builds the link under the auth API with an encoded callback', () => {
    const link = new URL(verificationUrl(new URL('http://localhost:3000'), 'tok', '/welcome?x=1'));
    expect(link.pathname).toBe('/api/auth/verify-email');
    expect(link.searchParams.get('token')).toBe('tok');
    expect(link.searchParams.get('callbackURL')).toBe('/welcome?x=1');
  });
});
