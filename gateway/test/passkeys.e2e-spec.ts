import { PasskeyRpc, type RpcDefinition } from '@authsvc/contracts';
import { passkeyClient } from '@better-auth/passkey/client';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { ACTOR_PASSWORD, signUpActor } from './support/actor.js';
import { startAdminStack, type AdminStack } from './support/admin-stack.js';
import { connectClient } from './support/client.js';
import { cookieHeaderFrom } from './support/http.js';
import { SoftwareAuthenticator } from './support/software-authenticator.js';
import type { TestStack } from './support/test-stack.js';
import { CHALLENGE_COOKIE, passkeySteps, type PasskeyRow } from './support/passkey-steps.js';

describe('passkeys through the gateway', () => {
  let admins: AdminStack;
  let stack: TestStack;
  let db: pg.Client;

  beforeAll(async () => {
    admins = await startAdminStack();
    ({ stack, db } = admins);
  });

  afterAll(() => admins?.stop());

  const { send, options, register, signIn } = passkeySteps(() => stack);

  /** A request straight to identity with the gateway's NATS credential: the reply, or its error's code. */
  async function asGateway<TRequest, TReply>(rpc: RpcDefinition<TRequest, TReply>, data: object): Promise<unknown> {
    const nats = await connect({ ...stack.natsOptions('gateway'), maxReconnectAttempts: 0 });
    try {
      const packet = { pattern: rpc.subject, data: { correlationId: 'forged-passkey', ...data }, id: 'forged' };
      const reply = await nats.request(rpc.subject, JSON.stringify(packet), { timeout: 10_000 });
      const { response, err } = reply.json<{ response?: TReply; err?: { code?: string } }>();
      return response ?? err?.code;
    } finally {
      await nats.close();
    }
  }

  async function passkeyEvents(userId: string): Promise<{ type: string; actorId: string }[]> {
    const { rows } = await db.query<{ type: string; actorId: string }>(
      `SELECT type, metadata->>'actorId' AS "actorId" FROM identity.events
        WHERE stream_id = $1 AND type LIKE 'Passkey%' ORDER BY stream_position`,
      [`user-${userId}`],
    );
    return rows;
  }

  it('registers a passkey, lists, renames and deletes it with the published client, each an event of the user', async () => {
    const ada = await signUpActor(stack, 'passkey-owner');
    const ceremony = await send<Record<string, unknown>>('/passkey/generate-register-options', { cookie: ada.cookie });
    expect(ceremony.status).toBe(200);
    expect(ceremony.body).toMatchObject({
      rp: { id: 'localhost', name: 'localhost' },
      user: { name: ada.email, displayName: ada.email },
      attestation: 'none',
      excludeCredentials: [],
      authenticatorSelection: { residentKey: 'preferred', userVerification: 'preferred' },
    });
    const cookie = ceremony.setCookies.find((set) => set.startsWith(`${CHALLENGE_COOKIE}=`));
    expect(cookie).toMatch(/; Max-Age=300; Path=\/; HttpOnly; SameSite=Lax$/);

    const passkey = await register(ada, new SoftwareAuthenticator(stack.baseUrl), ' Laptop ');
    expect(passkey).toMatchObject({ name: 'Laptop', userId: ada.id, counter: 0, deviceType: 'singleDevice' });
    expect(passkey).toMatchObject({ backedUp: false, transports: 'internal' });

    const client = connectClient(stack.baseUrl, [passkeyClient()]);
    expect((await client.signIn.email({ email: ada.email, password: ACTOR_PASSWORD })).error).toBeNull();
    // The client reads ISO times as dates.
    const asRead = { ...passkey, createdAt: new Date(passkey.createdAt) };
    expect((await client.passkey.listUserPasskeys()).data).toEqual([asRead]);
    const renamed = await client.passkey.updatePasskey({ id: passkey.id, name: 'Work laptop' });
    expect(renamed.data).toEqual({ passkey: { ...asRead, name: 'Work laptop' } });
    expect((await client.passkey.deletePasskey({ id: passkey.id })).data).toEqual({ status: true });
    expect((await client.passkey.listUserPasskeys()).data).toEqual([]);
    expect(await passkeyEvents(ada.id)).toEqual(
      ['PasskeyAdded', 'PasskeyRenamed', 'PasskeyRemoved'].map((type) => ({ type, actorId: ada.id })),
    );
  });

  it('signs in with a discoverable passkey: a session cookie that works, the counter advanced, no second factor', async () => {
    const ada = await signUpActor(stack, 'passkey-sign-in');
    const authenticator = new SoftwareAuthenticator(stack.baseUrl);
    const passkey = await register(ada, authenticator);
    const ceremony = await send<Record<string, unknown>>('/passkey/generate-authenticate-options');
    expect(ceremony.body).toMatchObject({ rpId: 'localhost', userVerification: 'preferred' });
    expect(ceremony.body).not.toHaveProperty('allowCredentials');

    const { answer } = await signIn(authenticator);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ session: { userId: ada.id }, user: { id: ada.id, email: ada.email } });
    expect(answer.body).not.toHaveProperty('twoFactorRedirect');
    const session = await send<{ user: { id: string } }>('/get-session', {
      cookie: cookieHeaderFrom(answer.setCookies),
    });
    expect(session.body.user.id).toBe(ada.id);
    const { rows } = await db.query('SELECT counter FROM identity.passkeys WHERE id = $1', [passkey.id]);
    expect(Number(rows[0].counter)).toBe(1);

    // With a session, its passkeys are the allowed credentials.
    const own = await send<{ allowCredentials: { id: string }[] }>('/passkey/generate-authenticate-options', {
      cookie: ada.cookie,
    });
    expect(own.body.allowCredentials.map(({ id }) => id)).toEqual([passkey.credentialID]);
  });

  it('refuses a wrong origin, a wrong or missing challenge, a replayed one, and one of the other ceremony', async () => {
    const ada = await signUpActor(stack, 'passkey-refusals');
    const authenticator = new SoftwareAuthenticator(stack.baseUrl);
    const registration = await options('/passkey/generate-register-options', ada.cookie);
    const elsewhere = authenticator.register(registration.options, { origin: 'https://evil.example' });
    expect(
      await send('/passkey/verify-registration', { cookie: registration.cookie, body: { response: elsewhere } }),
    ).toMatchObject({
      status: 400,
      body: { code: 'FAILED_TO_VERIFY_REGISTRATION', message: 'Failed to verify registration' },
    });
    await register(ada, authenticator);

    const failed = { status: 400, body: { code: 'AUTHENTICATION_FAILED', message: 'Authentication failed' } };
    expect((await signIn(authenticator, { origin: 'https://evil.example' })).answer).toMatchObject(failed);
    expect((await signIn(authenticator, { challenge: 'bm90LXRoZS1jaGFsbGVuZ2U' })).answer).toMatchObject(failed);

    const notFound = { status: 400, body: { code: 'CHALLENGE_NOT_FOUND', message: 'Challenge not found' } };
    const { answer, cookie, response } = await signIn(authenticator);
    expect(answer.status).toBe(200);
    expect(await send('/passkey/verify-authentication', { cookie, body: { response } })).toMatchObject(notFound);
    expect(await send('/passkey/verify-authentication', { body: { response } })).toMatchObject(notFound);
    const forged = `${CHALLENGE_COOKIE}=${'a'.repeat(32)}.${'b'.repeat(43)}=`;
    expect(await send('/passkey/verify-authentication', { cookie: forged, body: { response } })).toMatchObject(
      notFound,
    );
    const other = await options('/passkey/generate-register-options', ada.cookie);
    const crossed = authenticator.authenticate(other.options);
    expect(
      await send('/passkey/verify-authentication', { cookie: other.cookie, body: { response: crossed } }),
    ).toMatchObject(notFound);
    // A page whose origin is not trusted cannot complete a ceremony.
    const untrusted = await options('/passkey/generate-authenticate-options');
    const fromEvil = authenticator.authenticate(untrusted.options, { origin: 'https://evil.example' });
    const evil = await send('/passkey/verify-authentication', {
      cookie: untrusted.cookie,
      body: { response: fromEvil },
      origin: 'https://evil.example',
    });
    expect(evil.status).toBe(403);
  });

  it('refuses a signature counter that stands still or goes backwards, but not an authenticator without one', async () => {
    const counting = new SoftwareAuthenticator(stack.baseUrl);
    await register(await signUpActor(stack, 'passkey-counter'), counting);
    expect((await signIn(counting)).answer.status).toBe(200);
    expect((await signIn(counting)).answer.status).toBe(200);
    const failed = { status: 400, body: { code: 'AUTHENTICATION_FAILED' } };
    expect((await signIn(counting, { counter: 2 })).answer).toMatchObject(failed);
    expect((await signIn(counting, { counter: 1 })).answer).toMatchObject(failed);
    expect((await signIn(counting, { counter: 0 })).answer).toMatchObject(failed);
    expect((await signIn(counting)).answer.status).toBe(200);

    // Two sign-ins presenting the same next counter at once: only one gets through.
    const ceremonies = await Promise.all([1, 2].map(() => options('/passkey/generate-authenticate-options')));
    const next = counting.credentials.at(-1)!.counter + 1;
    const raced = await Promise.all(
      ceremonies.map(({ options: forCeremony, cookie }) =>
        send('/passkey/verify-authentication', {
          cookie,
          body: { response: counting.authenticate(forCeremony, { counter: next }) },
        }),
      ),
    );
    expect(raced.map(({ status }) => status).sort()).toEqual([200, 400]);

    const counterless = new SoftwareAuthenticator(stack.baseUrl, false);
    await register(await signUpActor(stack, 'passkey-no-counter'), counterless);
    expect((await signIn(counterless)).answer.status).toBe(200);
    expect((await signIn(counterless)).answer.status).toBe(200);
  });

  it('answers an unknown credential 401 and another user’s passkey as not found', async () => {
    const stranger = new SoftwareAuthenticator(stack.baseUrl);
    stranger.register({ challenge: 'eA' });
    expect((await signIn(stranger)).answer).toMatchObject({
      status: 401,
      body: { code: 'PASSKEY_NOT_FOUND', message: 'Passkey not found' },
    });

    const ada = await signUpActor(stack, 'passkey-ada');
    const bob = await signUpActor(stack, 'passkey-bob');
    const passkey = await register(ada, new SoftwareAuthenticator(stack.baseUrl), 'Ada’s key');
    const notFound = { status: 404, body: { code: 'PASSKEY_NOT_FOUND', message: 'Passkey not found' } };
    expect(await bob.post('/passkey/update-passkey', { id: passkey.id, name: 'mine' })).toMatchObject(notFound);
    expect(await bob.post('/passkey/delete-passkey', { id: passkey.id })).toMatchObject(notFound);
    expect(await bob.post('/passkey/delete-passkey', { id: 'no-such-passkey' })).toMatchObject(notFound);
    expect((await ada.get<PasskeyRow[]>('/passkey/list-user-passkeys')).body).toEqual([passkey]);
    expect((await bob.get<PasskeyRow[]>('/passkey/list-user-passkeys')).body).toEqual([]);

    // Bob cannot register with a challenge issued to Ada.
    const adas = await options('/passkey/generate-register-options', ada.cookie);
    const bobsCookie = `${bob.cookie}; ${adas.cookie.split('; ').at(-1)}`;
    const response = new SoftwareAuthenticator(stack.baseUrl).register(adas.options);
    expect(await send('/passkey/verify-registration', { cookie: bobsCookie, body: { response } })).toMatchObject({
      status: 401,
      body: { code: 'YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY' },
    });
  });

  it('validates every body and needs a session to manage passkeys', async () => {
    const ada = await signUpActor(stack, 'passkey-validation');
    const invalid = { status: 400, body: { code: 'VALIDATION_ERROR' } };
    expect(await ada.post('/passkey/verify-registration', { response: 'not an object' })).toMatchObject(invalid);
    expect(await ada.post('/passkey/verify-registration', {})).toMatchObject(invalid);
    expect(await ada.post('/passkey/update-passkey', { id: 'x', name: '   ' })).toMatchObject(invalid);
    expect(await ada.post('/passkey/delete-passkey', {})).toMatchObject(invalid);
    expect(await send('/passkey/verify-authentication', { body: { response: [1] } })).toMatchObject(invalid);
    expect(await send('/passkey/verify-authentication', { body: {} })).toMatchObject(invalid);
    expect(await ada.get('/passkey/generate-register-options', { authenticatorAttachment: 'phone' })).toMatchObject(
      invalid,
    );
    for (const path of ['/passkey/generate-register-options', '/passkey/list-user-passkeys']) {
      expect(await send(path)).toMatchObject({ status: 401, body: { code: 'UNAUTHORIZED' } });
    }
    expect(await send('/passkey/delete-passkey', { body: { id: 'x' } })).toMatchObject({ status: 401 });
  });

  it('lets an admin list and remove a user’s passkeys (the admin as actor), and refuses a banned user’s passkey', async () => {
    const admin = await signUpActor(stack, 'passkey-admin-self');
    const { root } = admins;
    const ada = await signUpActor(stack, 'passkey-admin-target');
    const authenticator = new SoftwareAuthenticator(stack.baseUrl);
    const first = await register(ada, authenticator, 'first');
    await register(ada, authenticator, 'second');

    expect(await admin.post('/admin/list-user-passkeys', { userId: ada.id })).toMatchObject({ status: 403 });
    const listed = await root.post<{ passkeys: PasskeyRow[] }>('/admin/list-user-passkeys', { userId: ada.id });
    expect(listed.body.passkeys.map(({ name }) => name)).toEqual(['first', 'second']);
    expect(await root.post('/admin/remove-user-passkey', { userId: ada.id, passkeyId: first.id })).toMatchObject({
      status: 200,
      body: { success: true },
    });
    expect(await root.post('/admin/remove-user-passkey', { userId: admin.id, passkeyId: first.id })).toMatchObject({
      status: 404,
      body: { code: 'PASSKEY_NOT_FOUND' },
    });
    expect((await passkeyEvents(ada.id)).at(-1)).toEqual({ type: 'PasskeyRemoved', actorId: root.id });
    // Identity checks the actor again: the gateway's NATS credential alone does not make an admin.
    const second = listed.body.passkeys[1];
    const forged = { userId: ada.id, passkeyId: second.id, actorId: admin.id };
    expect(await asGateway(PasskeyRpc.adminRemove, forged)).toBe('YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS');
    expect(await asGateway(PasskeyRpc.adminList, { userId: ada.id })).toBe('YOU_ARE_NOT_ALLOWED_TO_GET_USER');
    expect((await signIn(authenticator)).answer.status).toBe(200);

    expect(await root.post('/admin/ban-user', { userId: ada.id })).toMatchObject({ status: 200 });
    expect((await signIn(authenticator)).answer).toMatchObject({ status: 403, body: { code: 'BANNED_USER' } });
  });

  // Last: it restarts the gateway with a short fresh age.
  it('registers only with a fresh session (SESSION_FRESH_AGE): 403 SESSION_NOT_FRESH', async () => {
    const ada = await signUpActor(stack, 'passkey-stale');
    await stack.restart('gateway', { ...admins.gatewayEnv, SESSION_FRESH_AGE: '1' });
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    const notFresh = { status: 403, body: { code: 'SESSION_NOT_FRESH', message: 'Session is not fresh' } };
    expect(await ada.get('/passkey/generate-register-options')).toMatchObject(notFresh);
    expect(await ada.post('/passkey/verify-registration', { response: {} })).toMatchObject(notFresh);
    expect(await ada.get('/passkey/list-user-passkeys')).toMatchObject({ status: 200, body: [] });
  });
});
