import { CookieJar } from '../../examples/client-smoke.js';
import { signInActor, signUpActor, type Actor } from './support/actor.js';
import { eventually } from './support/eventually.js';
import { randomClientIp, request, type JsonResponse } from './support/http.js';
import { sessionEvent, startAdminStack, type AdminStack } from './support/admin-stack.js';
import type { TestStack } from './support/test-stack.js';

interface SessionView {
  id: string;
  token: string;
  userId: string;
  expiresAt: string;
  createdAt: string;
  impersonatedBy: string | null;
}

interface SessionAnswer {
  session: SessionView;
  user: { id: string; role: string };
}

const HOUR_MS = 3600 * 1000;

/** An actor's browser: each call sends the jar's cookies and keeps the answer's, as a browser would. */
function browserOf(actor: Actor) {
  const jar = new CookieJar();
  jar.store(actor.cookie.split('; '));
  const keep = <T>(answer: JsonResponse<T>) => {
    jar.store(answer.setCookies);
    actor.cookie = jar.header() ?? '';
    return answer;
  };
  return {
    jar,
    post: async <T>(path: string, body: unknown = {}) => keep(await actor.post<T>(path, body)),
    get: async <T>(path: string) => keep(await actor.get<T>(path)),
  };
}

describe('admin impersonation', () => {
  let setup: AdminStack;
  let stack: TestStack;
  /** Granted everything by ADMIN_USER_IDS. */
  let root: Actor;
  let plain: Actor;

  beforeAll(async () => {
    // Update age 0: every use of a session would extend it, so an impersonation that is not extended shows.
    setup = await startAdminStack({ SESSION_UPDATE_AGE: '0' });
    ({ stack, root } = setup);
    plain = await signUpActor(stack, 'plain');
  });

  afterAll(() => setup?.stop());

  const recorded = (sessionId: string, type: string) => sessionEvent(setup.db, sessionId, type);

  /** Root in a browser of its own, with a session of its own (each test signs in afresh). */
  const rootBrowser = async () => browserOf(await signInActor(stack, root));

  it('refuses callers without the impersonate right with the reference 403, and anonymous callers with 401', async () => {
    const refused = await plain.post('/admin/impersonate-user', { userId: root.id });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS',
      message: 'You are not allowed to impersonate users',
    });
    expect(refused.setCookies.some((cookie) => cookie.includes('admin_session'))).toBe(false);
    const anonymous = await request(stack.url('/api/auth/admin/impersonate-user'), {
      method: 'POST',
      headers: { 'x-forwarded-for': randomClientIp(), 'content-type': 'application/json', origin: stack.baseUrl },
      body: JSON.stringify({ userId: plain.id }),
    });
    expect(anonymous.status).toBe(401);
    const unknown = await root.post('/admin/impersonate-user', { userId: 'no-such-user' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ code: 'USER_NOT_FOUND', message: 'User not found' });
  });

  it('starts a session as the user, marked with the admin, for one hour at most, recorded with the admin as actor', async () => {
    const target = await signUpActor(stack, 'target');
    const admin = await rootBrowser();
    const started = await admin.post<SessionAnswer>('/admin/impersonate-user', { userId: target.id });
    expect(started.status).toBe(200);
    expect(started.body.user.id).toBe(target.id);
    expect(started.body.session).toMatchObject({ userId: target.id, impersonatedBy: root.id });
    const { createdAt, expiresAt } = started.body.session;
    expect(Date.parse(expiresAt) - Date.parse(createdAt)).toBe(HOUR_MS);

    // The cookies, in the reference's order: the old ones cleared, the admin's session kept, the new one set
    // (after the admin's own cookie, re-issued as this stack extends every session on use).
    const cookies = started.setCookies.slice(-6);
    expect(cookies.map((cookie) => cookie.split('=')[0])).toEqual([
      'better-auth.session_token',
      'better-auth.session_data',
      'better-auth.dont_remember',
      'better-auth.admin_session',
      'better-auth.session_token',
      'better-auth.dont_remember',
    ]);
    expect(cookies[3]).toMatch(/^better-auth\.admin_session=[^;]+; Max-Age=60479\d; Path=\/; HttpOnly/);
    expect(cookies[4]).not.toContain('Max-Age');

    const seen = await admin.get<SessionAnswer>('/get-session');
    expect(seen.body.user.id).toBe(target.id);
    expect(seen.body.session.impersonatedBy).toBe(root.id);

    // Used without the dont_remember marker, on a stack where every use extends a session: still one hour.
    const bare = await request<SessionAnswer>(stack.url('/api/auth/get-session'), {
      headers: { cookie: admin.jar.header()!.replace(/better-auth\.dont_remember=[^;]+(; )?/, '') },
    });
    expect(bare.body.session.expiresAt).toBe(expiresAt);

    // The user does not see it among their sessions; an admin listing theirs does, with its admin.
    const own = await target.get<SessionView[]>('/list-sessions');
    expect(own.body.map((session) => session.impersonatedBy)).toEqual([null]);
    const listed = await root.post<{ sessions: SessionView[] }>('/admin/list-user-sessions', { userId: target.id });
    expect(listed.body.sessions.map((session) => session.impersonatedBy).sort()).toEqual([null, root.id].sort());

    const event = await recorded(started.body.session.id, 'SessionCreated');
    expect(event.data).toMatchObject({ userId: target.id, impersonatedBy: root.id });
    expect(event.metadata.actorId).toBe(root.id);
  });

  it('stop-impersonating ends the impersonation and gives the admin their session back', async () => {
    const target = await signUpActor(stack, 'stopped');
    const admin = await rootBrowser();
    const own = (await admin.get<SessionAnswer>('/get-session')).body.session;
    const started = await admin.post<SessionAnswer>('/admin/impersonate-user', { userId: target.id });
    const impersonationCookie = admin.jar.header()!;

    const stopped = await admin.post<SessionAnswer>('/admin/stop-impersonating');
    expect(stopped.status).toBe(200);
    expect(stopped.body.user.id).toBe(root.id);
    expect(stopped.body.session).toMatchObject({ id: own.id, impersonatedBy: null });
    const back = await admin.get<SessionAnswer>('/get-session');
    expect(back.body.user.id).toBe(root.id);
    expect(back.body.session.id).toBe(own.id);
    // The admin was remembered: the session cookie is a lasting one again, the impersonation cookies are gone.
    expect(stopped.setCookies.find((cookie) => /session_token=[^;]/.test(cookie))).toContain('Max-Age=');
    expect(admin.jar.header()).not.toContain('admin_session');
    expect(admin.jar.header()).not.toContain('dont_remember');

    // The impersonation session is refused at once, and its end is recorded with the admin as actor.
    const ended = await request(stack.url('/api/auth/get-session'), { headers: { cookie: impersonationCookie } });
    expect(ended.body).toBeNull();
    const revoked = await recorded(started.body.session.id, 'SessionRevoked');
    expect(revoked.metadata.actorId).toBe(root.id);

    const again = await admin.post('/admin/stop-impersonating');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({
      code: 'YOU_ARE_NOT_IMPERSONATING_ANYONE',
      message: 'You are not impersonating anyone',
    });
  });

  it('stop-impersonating without the admin session cookie fails as the reference does, and keeps the session', async () => {
    const target = await signUpActor(stack, 'orphan');
    const admin = await rootBrowser();
    await admin.post('/admin/impersonate-user', { userId: target.id });
    const withoutAdminCookie = admin.jar.header()!.replace(/better-auth\.admin_session=[^;]+(; )?/, '');
    const failed = await request(stack.url('/api/auth/admin/stop-impersonating'), {
      method: 'POST',
      headers: {
        cookie: withoutAdminCookie,
        origin: stack.baseUrl,
        'content-type': 'application/json',
        'x-forwarded-for': randomClientIp(),
      },
      body: '{}',
    });
    expect(failed.status).toBe(500);
    expect(failed.body).toEqual({ code: 'FAILED_TO_FIND_ADMIN_SESSION', message: 'Failed to find admin session' });
    const still = await admin.get<SessionAnswer>('/get-session');
    expect(still.body.user.id).toBe(target.id);
  });

  it('refuses a banned user as every session start does', async () => {
    const banned = await signUpActor(stack, 'banned');
    expect((await root.post('/admin/ban-user', { userId: banned.id })).status).toBe(200);
    const refused = await root.post('/admin/impersonate-user', { userId: banned.id });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'BANNED_USER' });
  });

  it('refuses to impersonate an admin unless allowed; the duration is a setting', async () => {
    const other = await signUpActor(stack, 'other-admin');
    expect((await root.post('/admin/set-role', { userId: other.id, role: 'admin' })).status).toBe(200);
    const refused = await eventually(async () => {
      const answer = await root.post('/admin/impersonate-user', { userId: other.id });
      return answer.status === 403 ? answer : undefined;
    });
    expect(refused.body).toEqual({ code: 'YOU_CANNOT_IMPERSONATE_ADMINS', message: 'You cannot impersonate admins' });

    await Promise.all([
      stack.restart('gateway', { ...setup.gatewayEnv, ALLOW_IMPERSONATING_ADMINS: 'true' }),
      stack.restart('session', { IMPERSONATION_SESSION_DURATION: '120' }),
    ]);
    const allowed = await root.post<SessionAnswer>('/admin/impersonate-user', { userId: other.id });
    expect(allowed.status).toBe(200);
    expect(allowed.body.session.impersonatedBy).toBe(root.id);
    const { createdAt, expiresAt } = allowed.body.session;
    expect(Date.parse(expiresAt) - Date.parse(createdAt)).toBe(120_000);
  });
});
