import { authEventOf } from './auth-event.js';
import { securityEventOf } from './security-event.js';

const eventOf = (method: string, route: string, status: number, code?: string) =>
  authEventOf(securityEventOf(method, route, status, code)!);

describe('authEventOf', () => {
  it('counts sign-ins and sign-ups by provider, with their outcome', () => {
    expect(eventOf('POST', '/sign-in/email', 200)).toEqual({ event: 'sign-in', provider: 'email', outcome: 'success' });
    expect(eventOf('POST', '/sign-in/username', 401, 'INVALID_USERNAME_OR_PASSWORD')).toEqual({
      event: 'sign-in',
      provider: 'username',
      outcome: 'failure',
    });
    expect(eventOf('POST', '/sign-up/email', 200)).toEqual({ event: 'sign-up', provider: 'email', outcome: 'success' });
  });

  it('counts a 429 on sign-in as a lockout', () => {
    expect(eventOf('POST', '/sign-in/email', 429, 'TOO_MANY_REQUESTS')).toEqual({
      event: 'sign-in',
      provider: 'email',
      outcome: 'locked',
    });
  });

  it('counts revocations and sign-outs without a provider', () => {
    expect(eventOf('POST', '/revoke-sessions', 200)).toEqual({
      event: 'revoke-sessions',
      provider: 'none',
      outcome: 'success',
    });
    expect(eventOf('POST', '/sign-out', 200)).toEqual({ event: 'sign-out', provider: 'none', outcome: 'success' });
  });

  it('leaves refusals outside the authentication operations out', () => {
    expect(eventOf('POST', '/organization/create', 403, 'INVALID_ORIGIN')).toBeUndefined();
  });
});
