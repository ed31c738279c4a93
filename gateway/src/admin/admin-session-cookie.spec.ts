import type { SessionReadModel, SessionView } from '@authsvc/contracts';
import {
  adminSessionMaxAge,
  adminSessionValue,
  parseAdminSessionValue,
  restorableAdminSession,
} from './admin-session-cookie.js';

const now = new Date('2026-05-01T00:00:00.000Z');
const adminSession = { userId: 'admin1', expiresAt: '2026-05-08T00:00:00.000Z' } as SessionView;
const entry = (session: Partial<SessionView>) =>
  ({ session: { ...adminSession, ...session }, refreshDueAt: '2026-05-02T00:00:00.000Z' }) as SessionReadModel;

describe('admin_session cookie', () => {
  it('keeps the admin token and remember-me choice, and reads them back', () => {
    for (const kept of [
      { token: 'tok', dontRemember: true },
      { token: 'tok', dontRemember: false },
    ]) {
      expect(parseAdminSessionValue(adminSessionValue(kept))).toEqual(kept);
    }
    expect(adminSessionValue({ token: 'tok', dontRemember: false })).toBe('tok:');
  });

  it('reads anything else as no admin session', () => {
    for (const value of [undefined, '', 'tok', ':true', 'tok:yes']) {
      expect(parseAdminSessionValue(value)).toBeUndefined();
    }
  });

  it('lives as long as the admin session has left', () => {
    expect(adminSessionMaxAge(adminSession, now)).toBe(7 * 24 * 3600);
    expect(adminSessionMaxAge(adminSession, new Date('2026-05-09T00:00:00.000Z'))).toBe(0);
  });

  it('gives back only a live session of the impersonating admin', () => {
    expect(restorableAdminSession(entry({}), 'admin1', now)).toBe(true);
    expect(restorableAdminSession(entry({ userId: 'someone-else' }), 'admin1', now)).toBe(false);
    expect(restorableAdminSession(entry({ expiresAt: '2026-04-30T00:00:00.000Z' }), 'admin1', now)).toBe(false);
    expect(restorableAdminSession(null, 'admin1', now)).toBe(false);
  });
});
