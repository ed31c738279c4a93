import type { UserView } from '@authsvc/contracts';
import { roleKeepsImpersonation } from './impersonation-right.js';

const NOW = new Date('2026-03-01T00:00:00.000Z');

const user = (changes: Partial<UserView> = {}): UserView => ({
  id: 'u1',
  email: 'ada@example.com',
  name: 'Ada',
  image: null,
  emailVerified: true,
  username: null,
  displayUsername: null,
  role: 'admin',
  banned: false,
  banReason: null,
  banExpires: null,
  createdAt: NOW.toISOString(),
  updatedAt: NOW.toISOString(),
  ...changes,
});

describe('whether a role keeps the impersonate right', () => {
  it('an admin keeps it, as does a user holding admin among several roles', () => {
    expect(roleKeepsImpersonation(user(), NOW)).toBe(true);
    expect(roleKeepsImpersonation(user({ role: 'user,admin' }), NOW)).toBe(true);
  });

  it('a demoted, banned or deleted admin loses it', () => {
    expect(roleKeepsImpersonation(user({ role: 'user' }), NOW)).toBe(false);
    expect(roleKeepsImpersonation(user({ banned: true }), NOW)).toBe(false);
    expect(roleKeepsImpersonation(null, NOW)).toBe(false);
  });

  it('a ban that has run out takes nothing', () => {
    expect(roleKeepsImpersonation(user({ banned: true, banExpires: '2026-02-01T00:00:00.000Z' }), NOW)).toBe(true);
  });
});
