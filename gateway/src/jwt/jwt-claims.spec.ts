import type { UserView } from '@authsvc/contracts';
import { tokenClaims } from './jwt-claims.js';

const user = {
  id: 'user-1',
  email: 'ada@example.com',
  name: 'Ada',
  image: null,
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
} as unknown as UserView;
const ownSession = { impersonatedBy: null };
const settings = { issuer: 'https://auth.example.com', audience: 'https://app.example.com', lifetimeSeconds: 900 };

describe('tokenClaims', () => {
  it('holds the whole user, its id as subject, and the times, issuer and audience', () => {
    const claims = tokenClaims({ user, session: ownSession }, new Date('2026-03-01T00:00:00.999Z'), settings);
    expect(claims).toEqual({
      ...user,
      iat: 1772323200,
      sub: 'user-1',
      exp: 1772323200 + 900,
      iss: 'https://auth.example.com',
      aud: 'https://app.example.com',
    });
  });

  it('lives as long as configured', () => {
    const claims = tokenClaims({ user, session: ownSession }, new Date(0), { ...settings, lifetimeSeconds: 60 });
    expect([claims.iat, claims.exp]).toEqual([0, 60]);
  });

  it('names the impersonating admin as the actor (RFC 8693 act), and only in an impersonation', () => {
    const claims = tokenClaims({ user, session: { impersonatedBy: 'admin-1' } }, new Date(0), settings);
    expect(claims).toMatchObject({ sub: 'user-1', act: { sub: 'admin-1' } });
    expect(tokenClaims({ user, session: ownSession }, new Date(0), settings)).not.toHaveProperty('act');
  });
});
