import {
  hasAdminPermission,
  isAdmin,
  isBanned,
  isKnownRole,
  joinRoles,
  rolesOf,
  withBanInForce,
  type AdminGrants,
} from './admin-access.js';

const NONE: AdminGrants = { adminUserIds: [], adminEmails: [] };
const subject = (role: string | null, extra: object = {}) => ({ id: 'u1', role, ...extra });

describe('admin access statements', () => {
  it('the admin role has every action of spec §3, the user role none', () => {
    const every = {
      user: ['create', 'list', 'set-role', 'ban', 'impersonate', 'delete', 'set-password'],
      session: ['list', 'revoke', 'delete'],
    };
    expect(hasAdminPermission(subject('admin'), every, NONE)).toBe(true);
    for (const [resource, actions] of Object.entries(every)) {
      for (const action of actions) {
        expect(hasAdminPermission(subject('user'), { [resource]: [action] }, NONE)).toBe(false);
      }
    }
  });

  it('a missing or empty role is the default user role', () => {
    expect(hasAdminPermission(subject(null), { user: ['list'] }, NONE)).toBe(false);
    expect(hasAdminPermission(subject(''), { user: ['list'] }, NONE)).toBe(false);
  });

  it('several comma-joined roles grant what any one of them grants', () => {
    expect(hasAdminPermission(subject('user,admin'), { user: ['ban'] }, NONE)).toBe(true);
  });

  it('nothing asked, an unknown resource or action, or an empty action list grants nothing', () => {
    expect(hasAdminPermission(subject('admin'), {}, NONE)).toBe(false);
    expect(hasAdminPermission(subject('admin'), { user: [] }, NONE)).toBe(false);
    expect(hasAdminPermission(subject('admin'), { project: ['create'] }, NONE)).toBe(false);
    expect(hasAdminPermission(subject('admin'), { user: ['list', 'fly'] }, NONE)).toBe(false);
    expect(hasAdminPermission(subject('admin'), { user: ['impersonate-admins'] }, NONE)).toBe(false);
  });

  it('an unknown role, or one named like an object property, grants nothing', () => {
    expect(hasAdminPermission(subject('superhero'), { user: ['list'] }, NONE)).toBe(false);
    expect(hasAdminPermission(subject('constructor'), { user: ['list'] }, NONE)).toBe(false);
    expect(hasAdminPermission(subject('admin'), { constructor: ['list'] }, NONE)).toBe(false);
  });

  it('configured user ids and verified emails are granted everything, whatever their role', () => {
    const grants = { adminUserIds: ['u1'], adminEmails: ['boss@example.com'] };
    expect(hasAdminPermission(subject('user'), { user: ['ban'] }, grants)).toBe(true);
    const byEmail = { id: 'u2', role: 'user', email: 'Boss@example.com' };
    expect(hasAdminPermission({ ...byEmail, emailVerified: true }, { user: ['ban'] }, grants)).toBe(true);
    expect(hasAdminPermission({ ...byEmail, emailVerified: false }, { user: ['ban'] }, grants)).toBe(false);
    expect(isAdmin({ ...byEmail, emailVerified: true }, grants)).toBe(true);
  });

  it('an admin is someone with the admin role or a configured grant', () => {
    expect(isAdmin(subject('user,admin'), NONE)).toBe(true);
    expect(isAdmin(subject('user'), NONE)).toBe(false);
  });

  it('roles are stored comma-joined; only known role names may be stored', () => {
    expect(joinRoles(['admin', 'user'])).toBe('admin,user');
    expect(joinRoles('admin')).toBe('admin');
    expect(rolesOf('admin,user')).toEqual(['admin', 'user']);
    expect(isKnownRole('admin,user')).toBe(true);
    expect(isKnownRole('superhero')).toBe(false);
    expect(isKnownRole('toString')).toBe(false);
  });
});

describe('bans', () => {
  const now = new Date('2026-03-01T12:00:00.000Z');
  const banned = { banned: true, banReason: 'spam', banExpires: '2026-03-01T12:00:01.000Z' };

  it('a ban holds until its expiry, or for ever without one', () => {
    expect(isBanned(banned, now)).toBe(true);
    expect(isBanned({ ...banned, banExpires: null }, now)).toBe(true);
    expect(isBanned(banned, new Date('2026-03-01T12:00:01.000Z'))).toBe(false);
    expect(isBanned({ ...banned, banned: false }, now)).toBe(false);
  });

  it('an expired ban lifts itself in every read', () => {
    expect(withBanInForce(banned, now)).toBe(banned);
    expect(withBanInForce(banned, new Date('2026-03-02T00:00:00.000Z'))).toEqual({
      banned: false,
      banReason: null,
      banExpires: null,
    });
  });
});
