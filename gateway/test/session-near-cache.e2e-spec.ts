import { SessionRpc } from '@authsvc/contracts';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import { eventually } from './support/eventually.js';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import { TestStack } from './support/test-stack.js';

interface CurrentSession {
  session: { token: string };
  user: { id: string; name: string };
}

describe('get-session near cache in the gateway', () => {
  let stack: TestStack;
  let nats: ClientProxy;

  beforeAll(async () => {
    // A minute-long near cache: whatever the tests see change within it was made to change, not timed out.
    // Without rate limiting the cache answers before the framework (the other suites cover it behind the limiter).
    stack = await TestStack.start({ SESSION_NEAR_CACHE_MS: '60000', RATE_LIMIT_ENABLED: 'false' });
    nats = ClientProxyFactory.create({ transport: Transport.NATS, options: { servers: [stack.natsUrl] } });
  });

  afterAll(async () => {
    await nats?.close();
    await stack?.stop();
  });

  const password = 'correct-horse-1';
  const signedIn = (cookie: string) => ({ cookie, origin: stack.baseUrl, 'x-forwarded-for': randomClientIp() });
  const getSession = (cookie: string) =>
    request<CurrentSession | null>(stack.url('/api/auth/get-session'), { headers: { cookie } });

  async function signUp(email = uniqueEmail('near')): Promise<{ cookie: string; token: string; email: string }> {
    const answer = await postJson<{ token: string }>(
      stack.url('/api/auth/sign-up/email'),
      { name: 'Near', email, password },
      { 'x-forwarded-for': randomClientIp() },
    );
    expect(answer.status).toBe(200);
    return { cookie: cookieHeaderFrom(answer.setCookies), token: answer.body.token, email };
  }

  async function signIn(email: string): Promise<string> {
    const answer = await postJson(stack.url('/api/auth/sign-in/email'), { email, password }, signedIn(''));
    expect(answer.status).toBe(200);
    return cookieHeaderFrom(answer.setCookies);
  }

  it('answers a plain get-session as the full path does, headers included', async () => {
    const { cookie, token } = await signUp();
    const first = await getSession(cookie);
    const second = await getSession(cookie);
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(second.body?.session.token).toBe(token);
    expect(second.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(second.headers.get('cache-control')).toBe('no-store');
    expect(second.headers.get('x-request-id')).toBeTruthy();
  });

  it('forgets a session the session service ended behind its back, as soon as the event goes by', async () => {
    const { cookie, token } = await signUp();
    expect((await getSession(cookie)).body?.session.token).toBe(token);
    await firstValueFrom(nats.send(SessionRpc.revoke.subject, { correlationId: 'near-cache-e2e', token }));
    await eventually(async () => ((await getSession(cookie)).body === null ? true : undefined), {
      timeoutMs: 10_000,
      what: 'get-session to answer null after the revocation event',
    });
  });

  it('shows a change made through the gateway on the very next get-session, for every session of the user', async () => {
    const { cookie, email } = await signUp();
    const other = await signIn(email);
    expect((await getSession(cookie)).body?.user.name).toBe('Near');
    expect((await getSession(other)).body?.user.name).toBe('Near');
    expect((await postJson(stack.url('/api/auth/update-user'), { name: 'Renamed' }, signedIn(cookie))).status).toBe(
      200,
    );
    expect((await getSession(cookie)).body?.user.name).toBe('Renamed');
    expect((await getSession(other)).body?.user.name).toBe('Renamed');

    expect((await postJson(stack.url('/api/auth/revoke-other-sessions'), {}, signedIn(cookie))).status).toBe(200);
    expect((await getSession(other)).body).toBeNull();
    expect((await getSession(cookie)).body?.user.name).toBe('Renamed');
  });

  it('answers sessions it has seen from memory: they survive a session service outage, unseen ones do not', async () => {
    const seen = await signUp();
    const unseen = await signUp();
    expect((await getSession(seen.cookie)).status).toBe(200);
    await stack.kill('session');
    try {
      const answer = await getSession(seen.cookie);
      expect(answer.status).toBe(200);
      expect(answer.body?.session.token).toBe(seen.token);
      expect((await getSession(unseen.cookie)).status).toBe(503);
    } finally {
      await stack.restart('session');
    }
  });
});
