import { signInActor, signUpActor, type Actor } from './support/actor.js';
import { randomClientIp, request } from './support/http.js';
import { sessionEvent, startAdminStack, type AdminStack } from './support/admin-stack.js';
import type { TestStack } from './support/test-stack.js';

interface SessionView {
  id: string;
  token: string;
  userId: string;
  impersonatedBy: string | null;
}

describe('admin: list and revoke a user’s sessions', () => {
  let setup: AdminStack;
  let stack: TestStack;
  /** Granted everything by ADMIN_USER_IDS. */
  let root: Actor;
  let plain: Actor;
  /** A second gateway: a revocation must be refused by every replica at once. */
  let replica: string;

  beforeAll(async () => {
    setup = await startAdminStack();
    ({ stack, root } = setup);
    replica = await stack.startGatewayReplica(setup.gatewayEnv);
    plain = await signUpActor(stack, 'plain');
  });

  afterAll(() => setup?.stop());

  /** The user's session as the replica serves it (null once ended). */
  const onReplica = async (actor: Actor) =>
    (
      await request<{ session: SessionView } | null>(`${replica}/api/auth/get-session`, {
        headers: { cookie: actor.cookie, 'x-forwarded-for': randomClientIp() },
      })
    ).body;

  const revocationActor = async (sessionId: string) =>
    (await sessionEvent(setup.db, sessionId, 'SessionRevoked')).metadata.actorId;

  it('refuses callers without the session rights with the reference 403s, and anonymous callers with 401', async () => {
    const list = await plain.post('/admin/list-user-sessions', { userId: root.id });
    expect(list.status).toBe(403);
    expect(list.body).toEqual({
      code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS',
      message: 'You are not allowed to list users sessions',
    });
    const revokeRefusal = {
      code: 'YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS',
      message: 'You are not allowed to revoke users sessions',
    };
    const one = await plain.post('/admin/revoke-user-session', { sessionToken: 'whatever' });
    expect([one.status, one.body]).toEqual([403, revokeRefusal]);
    const all = await plain.post('/admin/revoke-user-sessions', { userId: root.id });
    expect([all.status, all.body]).toEqual([403, revokeRefusal]);
    expect(await onReplica(root)).not.toBeNull();
    const anonymous = await request(stack.url('/api/auth/admin/list-user-sessions'), {
      method: 'POST',
      headers: { 'x-forwarded-for': randomClientIp(), 'content-type': 'application/json', origin: stack.baseUrl },
      body: JSON.stringify({ userId: root.id }),
    });
    expect(anonymous.status).toBe(401);
  });

  it("lists a user's sessions", async () => {
    const user = await signUpActor(stack, 'listed');
    const again = await signInActor(stack, user);
    const listed = await root.post<{ sessions: SessionView[] }>('/admin/list-user-sessions', { userId: user.id });
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(2);
    expect(listed.body.sessions.every((session) => session.userId === user.id && session.impersonatedBy === null)).toBe(
      true,
    );
    const mine = (await again.get<{ session: SessionView }>('/get-session')).body.session;
    expect(listed.body.sessions.map((session) => session.token)).toContain(mine.token);
    const nobody = await root.post<{ sessions: SessionView[] }>('/admin/list-user-sessions', { userId: 'nobody' });
    expect(nobody.body).toEqual({ sessions: [] });
  });

  it('revoke-user-session ends that one session at once, in every gateway, with the admin as actor', async () => {
    const user = await signUpActor(stack, 'one');
    const other = await signInActor(stack, user);
    const target = (await onReplica(user))!.session;
    const revoked = await root.post('/admin/revoke-user-session', { sessionToken: target.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ success: true });
    expect(await onReplica(user)).toBeNull();
    expect((await user.get('/get-session')).body).toBeNull();
    expect(await onReplica(other)).not.toBeNull();
    expect(await revocationActor(target.id)).toBe(root.id);
    const unknown = await root.post('/admin/revoke-user-session', { sessionToken: 'no-such-token' });
    expect([unknown.status, unknown.body]).toEqual([200, { success: true }]);
  });

  it('revoke-user-sessions signs the user out everywhere at once', async () => {
    const user = await signUpActor(stack, 'all');
    const other = await signInActor(stack, user);
    const sessions = [(await onReplica(user))!.session, (await onReplica(other))!.session];
    const revoked = await root.post('/admin/revoke-user-sessions', { userId: user.id });
    expect([revoked.status, revoked.body]).toEqual([200, { success: true }]);
    for (const actor of [user, other]) {
      expect(await onReplica(actor)).toBeNull();
      expect((await actor.get('/get-session')).body).toBeNull();
    }
    for (const session of sessions) expect(await revocationActor(session.id)).toBe(root.id);
    expect(await onReplica(root)).not.toBeNull();
  });
});
