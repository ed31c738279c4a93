import { BackEndNatsAccess, SessionRpc, sessionReadModelKey } from '@authsvc/contracts';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import { Redis } from 'ioredis';
import pg from 'pg';
import { firstValueFrom } from 'rxjs';
import { eventually, sleep } from './support/eventually.js';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import { TestStack } from './support/test-stack.js';
import { TEST_REDIS_URL } from './support/test-redis';

interface CurrentSession {
  session: { token: string };
  user: { id: string; name: string };
}

/** How often each revocation is tried: the refusal must hold every time, not once in a while. */
const ROUNDS = 3;

describe('get-session from the session read model, across gateway replicas', () => {
  let stack: TestStack;
  let replicaA: string;
  let replicaB: string;
  let nats: ClientProxy;
  let redis: Redis;

  beforeAll(async () => {
    stack = await TestStack.start({ RATE_LIMIT_ENABLED: 'false' });
    replicaA = stack.baseUrl;
    replicaB = await stack.startGatewayReplica();
    nats = ClientProxyFactory.create({ transport: Transport.NATS, options: stack.natsOptions(BackEndNatsAccess.user) });
    redis = new Redis(TEST_REDIS_URL);
  });

  afterAll(async () => {
    redis?.disconnect();
    await nats?.close();
    await stack?.stop();
  });

  const password = 'correct-horse-1';
  // Cookie-bearing POSTs come from the trusted origin, as a browser's would, whichever replica serves them.
  const signedIn = (cookie: string) => ({ cookie, origin: stack.baseUrl, 'x-forwarded-for': randomClientIp() });
  const getSession = (replica: string, cookie: string) =>
    request<CurrentSession | null>(`${replica}/api/auth/get-session`, { headers: { cookie } });
  const post = (replica: string, path: string, body: unknown, cookie: string) =>
    postJson<{ token?: string }>(`${replica}/api/auth/${path}`, body, signedIn(cookie));

  async function signUp(email = uniqueEmail('replica')): Promise<{ cookie: string; token: string; email: string }> {
    const answer = await postJson<{ token: string }>(
      `${replicaA}/api/auth/sign-up/email`,
      { name: 'Replica', email, password },
      { 'x-forwarded-for': randomClientIp() },
    );
    expect(answer.status).toBe(200);
    return { cookie: cookieHeaderFrom(answer.setCookies), token: answer.body.token, email };
  }

  async function signIn(email: string, replica = replicaA): Promise<{ cookie: string; token: string }> {
    const answer = await postJson<{ token: string }>(
      `${replica}/api/auth/sign-in/email`,
      { email, password },
      {
        'x-forwarded-for': randomClientIp(),
      },
    );
    expect(answer.status).toBe(200);
    return { cookie: cookieHeaderFrom(answer.setCookies), token: answer.body.token };
  }

  /** A session that replica B has just served, so that any memory of it there would be warm. */
  async function warmOnB(cookie: string, token: string): Promise<void> {
    for (let i = 0; i < 3; i += 1) expect((await getSession(replicaB, cookie)).body?.session.token).toBe(token);
  }

  it('answers a plain get-session (read model, ahead of the framework) as the full path does', async () => {
    const { cookie, token } = await signUp();
    const plain = await getSession(replicaB, cookie);
    // A query string takes the request through Nest's controller and CurrentSession.
    const full = await request<CurrentSession | null>(`${replicaB}/api/auth/get-session?disableCookieCache=false`, {
      headers: { cookie },
    });
    expect(plain.status).toBe(200);
    expect(plain.body?.session.token).toBe(token);
    expect(plain.body).toEqual(full.body);
    for (const answer of [plain, full]) {
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(answer.headers.get('cache-control')).toBe('no-store');
      expect(answer.headers.get('x-request-id')).toBeTruthy();
    }
  });

  it('reads the entry from Redis once on a miss: the gateway looks, the session service rebuilds it from Postgres', async () => {
    const { cookie, token } = await signUp();
    const key = sessionReadModelKey(token);
    await redis.del(key);
    const monitor = await redis.monitor();
    const reads: string[] = [];
    // Lua scripts' own GETs (the checks of a conditional write) are not reads of the entry.
    monitor.on('monitor', (_time: string, args: string[], source: string) => {
      if (args[1] === key && args[0].toLowerCase() === 'get' && source !== 'lua') reads.push(source);
    });
    try {
      const answer = await getSession(replicaB, cookie);
      expect(answer.body?.session.token).toBe(token);
      await sleep(300); // let MONITOR deliver what it saw
    } finally {
      monitor.disconnect();
    }
    expect(reads).toHaveLength(1);
  });

  it('refuses on B a session signed out through A, on the very next request', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const { cookie, token } = await signUp();
      await warmOnB(cookie, token);
      expect((await post(replicaA, 'sign-out', {}, cookie)).status).toBe(200);
      expect((await getSession(replicaB, cookie)).body).toBeNull();
    }
  });

  it('refuses on B a session revoked through A with revoke-session', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const owner = await signUp();
      const other = await signIn(owner.email, replicaB);
      await warmOnB(other.cookie, other.token);
      expect((await post(replicaA, 'revoke-session', { token: other.token }, owner.cookie)).status).toBe(200);
      expect((await getSession(replicaB, other.cookie)).body).toBeNull();
      expect((await getSession(replicaB, owner.cookie)).body?.session.token).toBe(owner.token);
    }
  });

  it('refuses on B every other session after revoke-other-sessions through A', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const owner = await signUp();
      const others = [await signIn(owner.email), await signIn(owner.email, replicaB)];
      for (const other of others) await warmOnB(other.cookie, other.token);
      expect((await post(replicaA, 'revoke-other-sessions', {}, owner.cookie)).status).toBe(200);
      for (const other of others) expect((await getSession(replicaB, other.cookie)).body).toBeNull();
      expect((await getSession(replicaB, owner.cookie)).body?.session.token).toBe(owner.token);
    }
  });

  it('refuses on B the other sessions after a password change with revocation through A', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const owner = await signUp();
      const other = await signIn(owner.email, replicaB);
      await warmOnB(other.cookie, other.token);
      const changed = await post(
        replicaA,
        'change-password',
        { currentPassword: password, newPassword: `${password}-${round}x`, revokeOtherSessions: true },
        owner.cookie,
      );
      expect(changed.status).toBe(200);
      expect((await getSession(replicaB, other.cookie)).body).toBeNull();
      const current = cookieHeaderFrom(changed.setCookies);
      expect((await getSession(replicaB, current)).body?.session.token).toBe(changed.body.token);
    }
  });

  it('refuses on B every session of a user deleted through A', async () => {
    for (let round = 0; round < ROUNDS; round += 1) {
      const owner = await signUp();
      const other = await signIn(owner.email, replicaB);
      await warmOnB(other.cookie, other.token);
      await warmOnB(owner.cookie, owner.token);
      expect((await post(replicaA, 'delete-user', { password }, owner.cookie)).status).toBe(200);
      expect((await getSession(replicaB, other.cookie)).body).toBeNull();
      expect((await getSession(replicaB, owner.cookie)).body).toBeNull();
    }
  });

  it('refuses a session that a back end revoked over NATS, with no gateway involved', async () => {
    const { cookie, token } = await signUp();
    await warmOnB(cookie, token);
    await firstValueFrom(nats.send(SessionRpc.revoke.subject, { correlationId: 'read-model-e2e', token }));
    expect((await getSession(replicaA, cookie)).body).toBeNull();
    expect((await getSession(replicaB, cookie)).body).toBeNull();
  });

  it('shows a change made through A on the next get-session through B, for every session of the user', async () => {
    const { cookie, email, token } = await signUp();
    const other = await signIn(email);
    await warmOnB(cookie, token);
    await warmOnB(other.cookie, other.token);
    expect((await post(replicaA, 'update-user', { name: 'Renamed' }, cookie)).status).toBe(200);
    expect((await getSession(replicaB, cookie)).body?.user.name).toBe('Renamed');
    expect((await getSession(replicaB, other.cookie)).body?.user.name).toBe('Renamed');
  });

  it("keeps a new user's cached session when their registration event arrives after it (it changes no view)", async () => {
    const database = new pg.Client({ connectionString: stack.databaseUrl });
    await database.connect();
    /** The session's user, and whether the session service's copy of them exists yet. */
    const snapshotOf = async (token: string) => {
      const { rows } = await database.query<{ userId: string; snapshot: boolean }>(
        `SELECT s.user_id AS "userId", u.user_id IS NOT NULL AS snapshot
           FROM session.sessions s LEFT JOIN session.user_snapshots u ON u.user_id = s.user_id WHERE s.token = $1`,
        [token],
      );
      return rows[0];
    };
    try {
      // The sign-up's session starts from identity's view of the new user, and the registration event reaches the
      // session service's copy of the users before or after that: sign up until it comes after (no copy yet).
      let eventCameLater = 0;
      for (let attempt = 0; attempt < 30 && eventCameLater < 3; attempt += 1) {
        const { token } = await signUp();
        if ((await snapshotOf(token))?.snapshot !== false) continue;
        eventCameLater += 1;
        await eventually(async () => ((await snapshotOf(token))?.snapshot ? true : undefined), {
          what: 'the registration event to reach the session service',
        });
        await sleep(200);
        expect(await redis.get(sessionReadModelKey(token))).not.toBeNull();
      }
      expect(eventCameLater).toBeGreaterThan(0);
    } finally {
      await database.end();
    }
  });

  it('answers a session from the read model while the session service is down, and 503 on a miss', async () => {
    const warm = await signUp();
    const lost = await signUp();
    await redis.del(sessionReadModelKey(lost.token));
    await stack.kill('session');
    try {
      const answer = await getSession(replicaB, warm.cookie);
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({ session: expect.objectContaining({ token: warm.token }), user: expect.anything() });
      expect(Object.keys(answer.body!)).toEqual(['session', 'user']);
      expect((await getSession(replicaB, lost.cookie)).status).toBe(503);
    } finally {
      await stack.restart('session');
    }
    expect((await getSession(replicaB, lost.cookie)).body?.session.token).toBe(lost.token);
  });
});
