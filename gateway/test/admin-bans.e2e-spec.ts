import pg from 'pg';
import { ACTOR_PASSWORD, signUpActor, type Actor } from './support/actor.js';
import { sleep } from './support/eventually.js';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import { startAdminStack, type AdminStack } from './support/admin-stack.js';
import type { TestStack } from './support/test-stack.js';

interface User {
  id: string;
  banned: boolean;
  banReason: string | null;
  banExpires: string | null;
}

const BANNED = {
  code: 'BANNED_USER',
  message: 'You have been banned from this application. Please contact support if you believe this is an error.',
};

describe('admin bans', () => {
  let admin: AdminStack;
  let stack: TestStack;
  let db: pg.Client;
  let replica: string;
  /** Granted everything by ADMIN_USER_IDS. */
  let root: Actor;
  let plain: Actor;

  beforeAll(async () => {
    admin = await startAdminStack();
    ({ stack, root, db } = admin);
    replica = await stack.startGatewayReplica(admin.gatewayEnv);
    plain = await signUpActor(stack, 'plain');
  });

  afterAll(() => admin?.stop());

  const signIn = (path: 'email' | 'username', body: object) =>
    postJson<{ user: User }>(stack.url(`/api/auth/sign-in/${path}`), body, { 'x-forwarded-for': randomClientIp() });

  const sessionAt = async (base: string, cookie: string) =>
    (
      await request<{ user: User } | null>(`${base}/api/auth/get-session`, {
        headers: { cookie, 'x-forwarded-for': randomClientIp() },
      })
    ).body;

  /** A user with a username, signed in on both gateways (the same session). */
  async function target(label: string): Promise<{ id: string; email: string; username: string; cookie: string }> {
    const email = uniqueEmail(label);
    const username = `${label}_${Math.random().toString(36).slice(2, 8)}`;
    const signUp = await postJson<{ user: User }>(
      stack.url('/api/auth/sign-up/email'),
      { email, password: ACTOR_PASSWORD, name: label, username },
      { 'x-forwarded-for': randomClientIp() },
    );
    expect(signUp.status).toBe(200);
    return { id: signUp.body.user.id, email, username, cookie: cookieHeaderFrom(signUp.setCookies) };
  }

  it('refuses callers without the right, and an admin banning themself', async () => {
    const victim = await target('untouched');
    for (const path of ['/admin/ban-user', '/admin/unban-user']) {
      const refused = await plain.post(path, { userId: victim.id });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        code: 'YOU_ARE_NOT_ALLOWED_TO_BAN_USERS',
        message: 'You are not allowed to ban users',
      });
    }
    const self = await root.post('/admin/ban-user', { userId: root.id });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: 'YOU_CANNOT_BAN_YOURSELF' });
    const unknown = await root.post('/admin/ban-user', { userId: 'no-such-user' });
    expect(unknown.status).toBe(404);
    expect(await sessionAt(stack.url(''), victim.cookie)).not.toBeNull();
  });

  it('ends the sessions at once on every gateway, and refuses every sign-in method until unbanned', async () => {
    const victim = await target('banned');
    expect(await sessionAt(replica, victim.cookie)).not.toBeNull();
    const banned = await root.post<{ user: User }>('/admin/ban-user', { userId: victim.id, banReason: 'spam' });
    expect(banned.status).toBe(200);
    expect(banned.body.user).toMatchObject({ id: victim.id, banned: true, banReason: 'spam', banExpires: null });
    // Refused on the very next request, on the other replica too.
    expect(await sessionAt(replica, victim.cookie)).toBeNull();
    expect(await sessionAt(stack.url(''), victim.cookie)).toBeNull();

    for (const [method, body] of [
      ['email', { email: victim.email, password: ACTOR_PASSWORD }],
      ['username', { username: victim.username, password: ACTOR_PASSWORD }],
    ] as const) {
      const refused = await signIn(method, body);
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual(BANNED);
    }
    // A wrong password tells nothing of the ban.
    expect((await signIn('email', { email: victim.email, password: 'wrong-password-1' })).status).toBe(401);

    const { rows } = await db.query(
      `SELECT metadata FROM identity.events WHERE stream_id = $1 AND type = 'UserBanned'`,
      [`user-${victim.id}`],
    );
    expect(rows.map((row) => row.metadata.actorId)).toEqual([root.id]);

    const unbanned = await root.post<{ user: User }>('/admin/unban-user', { userId: victim.id });
    expect(unbanned.body.user).toMatchObject({ banned: false, banReason: null, banExpires: null });
    const back = await signIn('username', { username: victim.username, password: ACTOR_PASSWORD });
    expect(back.status).toBe(200);
    expect(back.body.user).toMatchObject({ banned: false });
  });

  it('a ban without a reason says "No reason"; an expired ban lifts itself', async () => {
    const victim = await target('expiring');
    const banned = await root.post<{ user: User }>('/admin/ban-user', { userId: victim.id, banExpiresIn: 2 });
    expect(banned.body.user).toMatchObject({ banned: true, banReason: 'No reason' });
    const expires = Date.parse(banned.body.user.banExpires ?? '');
    expect(expires - Date.now()).toBeGreaterThan(0);
    expect(expires - Date.now()).toBeLessThanOrEqual(2000);
    expect((await signIn('email', { email: victim.email, password: ACTOR_PASSWORD })).status).toBe(403);
    await sleep(Math.max(0, expires - Date.now()) + 100);
    const after = await signIn('email', { email: victim.email, password: ACTOR_PASSWORD });
    expect(after.status).toBe(200);
    expect(after.body.user).toMatchObject({ banned: false, banReason: null, banExpires: null });
    const session = await sessionAt(stack.url(''), cookieHeaderFrom(after.setCookies));
    expect(session?.user).toMatchObject({ banned: false, banReason: null, banExpires: null });
  });

  it('refuses a ban expiry that is not a positive number of seconds', async () => {
    const victim = await target('invalid');
    for (const banExpiresIn of [-1, 0, 'soon', 1.5]) {
      const refused = await root.post('/admin/ban-user', { userId: victim.id, banExpiresIn });
      expect(refused.status).toBe(400);
    }
  });
});
