import pg from 'pg';
import { ACTOR_PASSWORD, signUpActor, type Actor } from './support/actor.js';
import { eventually } from './support/eventually.js';
import { postJson, randomClientIp, request } from './support/http.js';
import { startAdminStack, type AdminStack } from './support/admin-stack.js';
import type { TestStack } from './support/test-stack.js';

interface User {
  id: string;
  role: string;
  banned: boolean;
  banReason: string | null;
  banExpires: string | null;
}

interface SessionAnswer {
  session: { impersonatedBy: string | null };
  user: User;
}

describe('admin roles and permissions', () => {
  let admin: AdminStack;
  let stack: TestStack;
  let db: pg.Client;
  /** Granted everything by ADMIN_USER_IDS, whatever their role. */
  let root: Actor;
  let plain: Actor;

  beforeAll(async () => {
    admin = await startAdminStack();
    ({ stack, root, db } = admin);
    plain = await signUpActor(stack, 'plain');
  });

  afterAll(() => admin?.stop());

  const roleOf = async (actor: Actor) => (await actor.get<SessionAnswer>('/get-session')).body.user.role;

  it('every user read carries role and ban fields, and every session read impersonatedBy', async () => {
    const actor = await signUpActor(stack, 'fields');
    const session = await actor.get<SessionAnswer>('/get-session');
    expect(session.body.user).toMatchObject({ role: 'user', banned: false, banReason: null, banExpires: null });
    expect(session.body.session.impersonatedBy).toBeNull();
    const sessions = await actor.get<{ impersonatedBy: string | null }[]>('/list-sessions');
    expect(sessions.body.map((entry) => entry.impersonatedBy)).toEqual([null]);
    const signIn = await postJson<{ user: User }>(
      stack.url('/api/auth/sign-in/email'),
      { email: actor.email, password: ACTOR_PASSWORD },
      { 'x-forwarded-for': randomClientIp() },
    );
    expect(signIn.status).toBe(200);
    expect(signIn.body.user).toMatchObject({ role: 'user', banned: false, banReason: null, banExpires: null });
  });

  it('role is not an input of sign-up or update-user', async () => {
    const updated = await plain.post('/update-user', { role: 'admin' });
    expect(updated.status).toBe(400);
    expect(updated.body).toMatchObject({ code: 'FIELD_NOT_ALLOWED' });
    expect(await roleOf(plain)).toBe('user');
  });

  describe('has-permission', () => {
    it('answers for the caller: a plain user has none, a configured admin every one', async () => {
      const ask = { permissions: { user: ['list', 'ban'], session: ['revoke'] } };
      expect((await plain.post('/admin/has-permission', ask)).body).toEqual({ error: null, success: false });
      expect((await root.post('/admin/has-permission', ask)).body).toEqual({ error: null, success: true });
      // The body cannot speak for someone else over HTTP.
      const forged = await plain.post('/admin/has-permission', { ...ask, userId: root.id, role: 'admin' });
      expect(forged.body).toEqual({ error: null, success: false });
      // As in the reference, a configured admin is granted anything asked, even an action no role has.
      const unknown = await root.post('/admin/has-permission', { permissions: { user: ['fly'] } });
      expect(unknown.body).toEqual({ error: null, success: true });
    });

    it('needs a session, and exactly one of permissions and permission', async () => {
      const anonymous = await request(stack.url('/api/auth/admin/has-permission'), {
        method: 'POST',
        headers: { 'x-forwarded-for': randomClientIp(), 'content-type': 'application/json' },
        body: JSON.stringify({ permissions: { user: ['list'] }, role: 'admin' }),
      });
      expect(anonymous.status).toBe(401);
      const deprecated = await root.post('/admin/has-permission', { permission: { user: ['list'] } });
      expect(deprecated.status).toBe(400);
      expect(deprecated.body).toMatchObject({ message: 'invalid permission check. no permission(s) were passed.' });
      const both = await root.post('/admin/has-permission', {
        permission: { user: ['list'] },
        permissions: { user: ['list'] },
      });
      expect(both.status).toBe(400);
      expect(both.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    });
  });

  describe('set-role', () => {
    it('refuses callers without the right with the reference 403, and anonymous callers with 401', async () => {
      const refused = await plain.post('/admin/set-role', { userId: plain.id, role: 'admin' });
      expect(refused.status).toBe(403);
      expect(refused.body).toEqual({
        code: 'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE',
        message: 'You are not allowed to change users role',
      });
      const anonymous = await request(stack.url('/api/auth/admin/set-role'), {
        method: 'POST',
        headers: { 'x-forwarded-for': randomClientIp(), 'content-type': 'application/json' },
        body: JSON.stringify({ userId: plain.id, role: 'admin' }),
      });
      expect(anonymous.status).toBe(401);
      expect(await roleOf(plain)).toBe('user');
    });

    it('makes an admin, whose session then has the admin rights; the event names the acting admin', async () => {
      const promoted = await signUpActor(stack, 'promoted');
      const answer = await root.post<{ user: User }>('/admin/set-role', { userId: promoted.id, role: 'admin' });
      expect(answer.status).toBe(200);
      expect(answer.body.user).toMatchObject({ id: promoted.id, role: 'admin' });
      await eventually(async () => ((await roleOf(promoted)) === 'admin' ? true : undefined), { what: 'the role' });
      const check = await promoted.post('/admin/has-permission', { permissions: { user: ['set-role'] } });
      expect(check.body).toEqual({ error: null, success: true });
      const { rows } = await db.query(
        `SELECT data, metadata FROM identity.events WHERE stream_id = $1 AND type = 'UserRoleChanged'`,
        [`user-${promoted.id}`],
      );
      expect(rows).toEqual([
        expect.objectContaining({ data: expect.objectContaining({ role: 'admin' }), metadata: expect.anything() }),
      ]);
      expect(rows[0].metadata.actorId).toBe(root.id);

      // The new admin can now set roles too: several at once, stored comma-joined; and take them back.
      const several = await promoted.post<{ user: User }>('/admin/set-role', {
        userId: plain.id,
        role: ['user', 'admin'],
      });
      expect(several.body.user.role).toBe('user,admin');
      const back = await root.post<{ user: User }>('/admin/set-role', { userId: plain.id, role: 'user' });
      expect(back.body.user.role).toBe('user');
      await eventually(async () => ((await roleOf(plain)) === 'user' ? true : undefined), { what: 'the demotion' });
      const denied = await plain.post('/admin/has-permission', { permissions: { user: ['list'] } });
      expect(denied.body).toEqual({ error: null, success: false });
    });

    it('refuses unknown roles and users', async () => {
      const unknownRole = await root.post('/admin/set-role', { userId: plain.id, role: 'superhero' });
      expect(unknownRole.status).toBe(400);
      expect(unknownRole.body).toMatchObject({ code: 'YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE' });
      const unknownUser = await root.post('/admin/set-role', { userId: 'no-such-user', role: 'admin' });
      expect(unknownUser.status).toBe(404);
      expect(unknownUser.body).toMatchObject({ code: 'USER_NOT_FOUND' });
      const empty = await root.post('/admin/set-role', { userId: plain.id, role: [] });
      expect(empty.status).toBe(400);
    });
  });
});
