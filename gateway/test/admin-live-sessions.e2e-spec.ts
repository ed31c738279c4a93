import { IdentityRpc, SessionRpc, type RpcDefinition, type StartedSession, type UserView } from '@authsvc/contracts';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { signInActor, impersonate, signUpActor, type Actor } from './support/actor.js';
import { request } from './support/http.js';
import { startAdminStack, type AdminStack } from './support/admin-stack.js';
import type { TestStack } from './support/test-stack.js';

interface SessionAnswer {
  session: { id: string; impersonatedBy: string | null };
  user: { id: string; role: string; name: string; image: string | null };
}

/**
 * An admin's change of a user reaches every session of that user on its very next request, on every gateway
 * replica (no waiting for identity's event); an impersonation never outlives its admin's right to impersonate.
 */
describe('admin changes reach live sessions at once', () => {
  let setup: AdminStack;
  let stack: TestStack;
  /** Granted everything by ADMIN_USER_IDS. */
  let root: Actor;
  /** A second gateway: each change must show on every replica at once. */
  let replica: string;

  beforeAll(async () => {
    setup = await startAdminStack();
    ({ stack, root } = setup);
    replica = await stack.startGatewayReplica(setup.gatewayEnv);
  });

  afterAll(() => setup?.stop());

  /** The actor's session as the replica serves it (null once ended). */
  const sessionAt = async ({ cookie }: { cookie: string }) =>
    (await request<SessionAnswer | null>(`${replica}/api/auth/get-session`, { headers: { cookie } })).body;

  const canListUsers = async (actor: Actor) => (await actor.get('/admin/list-users', { limit: 1 })).status;

  it('a role set by an admin is what the user is allowed on their next request, several roles included', async () => {
    const promoted = await signUpActor(stack, 'promoted');
    const elsewhere = await signInActor(stack, promoted);
    expect(await canListUsers(promoted)).toBe(403);

    expect((await root.post('/admin/set-role', { userId: promoted.id, role: 'admin' })).status).toBe(200);
    expect(await canListUsers(promoted)).toBe(200);
    const check = await elsewhere.post('/admin/has-permission', { permissions: { user: ['list'] } });
    expect(check.body).toEqual({ error: null, success: true });
    expect((await sessionAt(elsewhere))?.user.role).toBe('admin');

    expect((await root.post('/admin/set-role', { userId: promoted.id, role: 'user' })).status).toBe(200);
    expect(await canListUsers(promoted)).toBe(403);
    expect((await sessionAt(elsewhere))?.user.role).toBe('user');

    const several = await root.post<{ user: { role: string } }>('/admin/set-role', {
      userId: promoted.id,
      role: ['user', 'admin'],
    });
    expect(several.body.user.role).toBe('user,admin');
    expect((await root.get<{ role: string }>('/admin/get-user', { id: promoted.id })).body.role).toBe('user,admin');
    expect(await canListUsers(promoted)).toBe(200);
    expect((await sessionAt(elsewhere))?.user.role).toBe('user,admin');
  });

  it("a name and image set by an admin are what the user's sessions show next", async () => {
    const renamed = await signUpActor(stack, 'renamed');
    await renamed.get('/get-session');
    const data = { name: 'Renamed By Admin', image: 'https://example.com/a.png' };
    expect((await root.post('/admin/update-user', { userId: renamed.id, data })).status).toBe(200);
    expect((await renamed.get<SessionAnswer>('/get-session')).body.user).toMatchObject(data);
    expect((await sessionAt(renamed))?.user).toMatchObject(data);
  });

  describe('an impersonation ends with its admin’s right', () => {
    /** A browser holding `cookie`. */
    const browser = (cookie: string) => ({
      cookie,
      get: <T>(path: string) => request<T>(stack.url(`/api/auth${path}`), { headers: { cookie } }),
      post: <T>(path: string, body: unknown) =>
        request<T>(stack.url(`/api/auth${path}`), {
          method: 'POST',
          headers: { cookie, origin: new URL(stack.url('/')).origin, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        }),
    });
    type Browser = ReturnType<typeof browser>;

    /** A user made admin by root (so that root can take it back), impersonating a fresh user. */
    async function impersonation(label: string): Promise<{ admin: Actor; impersonated: Browser }> {
      const admin = await signUpActor(stack, label);
      expect((await root.post('/admin/set-role', { userId: admin.id, role: 'admin' })).status).toBe(200);
      const target = await signUpActor(stack, `${label}-target`);
      const impersonated = browser(await impersonate(admin, target.id));
      const answer = await impersonated.get<SessionAnswer>('/get-session');
      expect(answer.body.session.impersonatedBy).toBe(admin.id);
      expect(answer.body.user.id).toBe(target.id);
      expect((await sessionAt(impersonated))?.session.impersonatedBy).toBe(admin.id);
      return { admin, impersonated };
    }

    /** Refused on its very next request, on either replica, for a read as for a write. */
    const ended = async (impersonated: Browser) => {
      expect(await sessionAt(impersonated)).toBeNull();
      expect((await impersonated.get('/get-session')).body).toBeNull();
      expect((await impersonated.post('/update-user', { name: 'still me?' })).status).toBe(401);
    };

    it('when the admin is banned', async () => {
      const { admin, impersonated } = await impersonation('banned-admin');
      expect((await root.post('/admin/ban-user', { userId: admin.id })).status).toBe(200);
      await ended(impersonated);
    });

    it('when the admin is demoted', async () => {
      const { admin, impersonated } = await impersonation('demoted-admin');
      expect((await root.post('/admin/set-role', { userId: admin.id, role: 'user' })).status).toBe(200);
      await ended(impersonated);
    });

    it('when the admin is removed', async () => {
      const { admin, impersonated } = await impersonation('removed-admin');
      expect((await root.post('/admin/remove-user', { userId: admin.id })).status).toBe(200);
      await ended(impersonated);
    });

    it("when the admin's sessions are revoked", async () => {
      const { admin, impersonated } = await impersonation('revoked-admin');
      expect((await root.post('/admin/revoke-user-sessions', { userId: admin.id })).status).toBe(200);
      await ended(impersonated);
    });

    it('but not when the admin is only renamed', async () => {
      const { admin, impersonated } = await impersonation('renamed-admin');
      const renamed = await root.post('/admin/update-user', { userId: admin.id, data: { name: 'Still Admin' } });
      expect(renamed.status).toBe(200);
      expect((await impersonated.get<SessionAnswer>('/get-session')).body.session.impersonatedBy).toBe(admin.id);
    });
  });

  /** What whoever holds the gateway's NATS credential can send, bypassing the gateway's own checks. */
  describe("the services do not take the gateway's word for a user", () => {
    let gateway: NatsConnection;

    beforeAll(async () => {
      gateway = await connect({ ...stack.natsOptions('gateway'), maxReconnectAttempts: 0 });
    });

    afterAll(() => gateway?.close());

    /** The service's answer, or its error's code. */
    async function send<TRequest, TReply>(
      rpc: RpcDefinition<TRequest, TReply>,
      data: object,
    ): Promise<TReply | string> {
      const packet = { pattern: rpc.subject, data: { correlationId: 'forged-e2e', ...data }, id: 'forged-e2e' };
      const reply = await gateway.request(rpc.subject, JSON.stringify(packet), { timeout: 10_000 });
      const { response, err } = reply.json<{ response?: TReply; err?: { code?: string } }>();
      return response ?? err?.code ?? 'no answer';
    }

    const viewOf = async (actor: Actor) => (await root.get<UserView>('/admin/get-user', { id: actor.id })).body;
    const client = { ipAddress: '10.0.0.1', userAgent: 'forger', rememberMe: true };

    it("a session is created with the user's true role, whatever role the request says", async () => {
      const plain = await signUpActor(stack, 'forged-role');
      const forged = { ...(await viewOf(plain)), role: 'admin' };
      const started = (await send(SessionRpc.create, { ...client, actorId: plain.id, user: forged })) as StartedSession;
      expect(started.user).toMatchObject({ id: plain.id, role: 'user' });
      const entry = await send(SessionRpc.get, { token: started.session.token });
      expect(entry).toMatchObject({ user: { id: plain.id, role: 'user' } });
    });

    it('a banned user gets no session, whatever ban the request says', async () => {
      const banned = await signUpActor(stack, 'forged-ban');
      expect((await root.post('/admin/ban-user', { userId: banned.id })).status).toBe(200);
      const forged = { ...(await viewOf(banned)), banned: false, banReason: null, banExpires: null };
      expect(await send(SessionRpc.create, { ...client, actorId: banned.id, user: forged })).toBe('BANNED_USER');
    });

    it('identity refuses an admin request whose actor does not hold the right, and serves one whose actor does', async () => {
      const plain = await signUpActor(stack, 'forged-actor');
      const asPlain = { actorId: plain.id };
      expect(await send(IdentityRpc.setRole, { ...asPlain, userId: plain.id, role: 'admin' })).toBe(
        'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE',
      );
      expect(await send(IdentityRpc.listUsers, asPlain)).toBe('YOU_ARE_NOT_ALLOWED_TO_LIST_USERS');
      expect(await send(IdentityRpc.removeUser, { ...asPlain, userId: root.id })).toBe(
        'YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS',
      );
      expect(await send(IdentityRpc.setRole, { userId: plain.id, role: 'admin' })).toBe(
        'YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE',
      );
      expect((await viewOf(plain)).role).toBe('user');
      // Root is granted by ADMIN_USER_IDS (its role is `user`): identity honours the grant as the gateway does.
      const granted = await send(IdentityRpc.setRole, { actorId: root.id, userId: plain.id, role: 'admin' });
      expect(granted).toMatchObject({ id: plain.id, role: 'admin' });
    });
  });
});
