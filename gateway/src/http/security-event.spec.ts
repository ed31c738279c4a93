import { mayBeSecurityEvent, redirectErrorOf, securityEventOf } from './security-event.js';

describe('security events', () => {
  it('records every sign-in with its outcome and error code', () => {
    expect(securityEventOf('POST', '/sign-in/email', 200, undefined)).toEqual({
      event: 'sign-in.email',
      outcome: 'success',
      status: 200,
      method: 'POST',
      route: '/sign-in/email',
    });
    expect(securityEventOf('POST', '/sign-in/username', 401, 'INVALID_USERNAME_OR_PASSWORD')).toMatchObject({
      event: 'sign-in.username',
      outcome: 'failure',
      code: 'INVALID_USERNAME_OR_PASSWORD',
    });
  });

  it('counts a redirect that reports an error as a failure', () => {
    expect(securityEventOf('GET', '/verify-email', 302, 'INVALID_TOKEN')).toMatchObject({
      event: 'verify-email',
      outcome: 'failure',
    });
  });

  it('records a refusal by a control on any route, and nothing for ordinary answers', () => {
    expect(securityEventOf('GET', '/get-session', 429, 'TOO_MANY_REQUESTS')).toMatchObject({
      event: 'refused',
      outcome: 'failure',
    });
    expect(securityEventOf('GET', '/get-session', 200, undefined)).toBeUndefined();
    expect(securityEventOf('POST', '/update-user', 400, 'VALIDATION_ERROR')).toBeUndefined();
  });

  it("reads the error of a redirect from its Location's query", () => {
    expect(redirectErrorOf('https://app.example/verified?error=TOKEN_EXPIRED')).toBe('TOKEN_EXPIRED');
    expect(redirectErrorOf('/reset?token=abc')).toBeUndefined();
    expect(redirectErrorOf(undefined)).toBeUndefined();
  });

  it('lets every other answer pass at the cost of one lookup: successes off the listed routes', () => {
    expect(mayBeSecurityEvent('/api/auth/get-session', 200)).toBe(false);
    expect(mayBeSecurityEvent('/api/auth/sign-in/email', 200)).toBe(true);
    expect(mayBeSecurityEvent('/api/auth/reset-password/:token', 302)).toBe(true);
    expect(mayBeSecurityEvent('/api/auth/get-session', 429)).toBe(true);
  });
});
