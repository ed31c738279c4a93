import { IdentityRpc } from '@authsvc/contracts';
import { postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import { samplesOf } from './support/prometheus-text.js';
import { TestStack, type AppName } from './support/test-stack.js';

const PASSWORD = 'correct-horse-1';

describe('Prometheus metrics on the health ports', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await TestStack.start();
    const email = uniqueEmail('metrics');
    const client = () => ({ 'x-forwarded-for': randomClientIp() });
    expect(
      (await postJson(stack.url('/api/auth/sign-up/email'), { name: 'M', email, password: PASSWORD }, client())).status,
    ).toBe(200);
    expect(
      (await postJson(stack.url('/api/auth/sign-in/email'), { email, password: 'wrong-horse-1' }, client())).status,
    ).toBe(401);
    expect((await postJson(stack.url('/api/auth/sign-in/email'), { email, password: PASSWORD }, client())).status).toBe(
      200,
    );
    // A route whose path carries a token: the metrics name its pattern, never the token.
    await request(stack.url('/api/auth/reset-password/secret-token-in-path?callbackURL=/reset-password'));
    await request(stack.url('/api/auth/no-such-route-in-metrics'));
  });

  afterAll(() => stack?.stop());

  const scrape = async (app: AppName) => {
    const answer = await request<string>(stack.healthUrl(app, '/metrics'));
    expect({ app, status: answer.status, type: answer.headers.get('content-type') }).toEqual({
      app,
      status: 200,
      type: expect.stringMatching(/^text\/plain; version=0\.0\.4/),
    });
    return answer.body;
  };

  it('times HTTP requests by method, route pattern and status code', async () => {
    const metrics = await scrape('gateway');
    const counts = samplesOf(metrics, 'http_request_duration_seconds_count').map(({ labels }) => labels);
    expect(counts).toEqual(
      expect.arrayContaining([
        { method: 'POST', route: '/api/auth/sign-up/email', status_code: '200' },
        { method: 'POST', route: '/api/auth/sign-in/email', status_code: '401' },
        { method: 'GET', route: '/api/auth/reset-password/:token', status_code: '302' },
      ]),
    );
    expect(samplesOf(metrics, 'http_request_duration_seconds_bucket').length).toBeGreaterThan(counts.length);
    expect(metrics).not.toContain('secret-token-in-path');
    expect(metrics).not.toContain('no-such-route-in-metrics');
  });

  it('counts sign-ups, sign-ins and failed sign-ins by provider and outcome', async () => {
    const events = samplesOf(await scrape('gateway'), 'auth_events_total');
    expect(events).toEqual(
      expect.arrayContaining([
        { labels: { event: 'sign-up', provider: 'email', outcome: 'success' }, value: 1 },
        { labels: { event: 'sign-in', provider: 'email', outcome: 'success' }, value: 1 },
        { labels: { event: 'sign-in', provider: 'email', outcome: 'failure' }, value: 1 },
      ]),
    );
  });

  it("times the gateway's RPC calls by subject and outcome", async () => {
    const calls = samplesOf(await scrape('gateway'), 'rpc_client_duration_seconds_count').map(({ labels }) => labels);
    expect(calls).toEqual(
      expect.arrayContaining([
        { subject: IdentityRpc.signInWithEmail.subject, outcome: 'ok' },
        { subject: IdentityRpc.signInWithEmail.subject, outcome: 'refused' },
      ]),
    );
  });

  it("times a service's event-store appends, and every app reports Node's process metrics", async () => {
    const identity = await scrape('identity');
    expect(samplesOf(identity, 'event_store_append_duration_seconds_count')[0]?.value).toBeGreaterThan(0);
    expect(identity).toContain('# TYPE rpc_client_duration_seconds histogram');
    for (const app of ['gateway', 'identity', 'session', 'organization', 'mailer'] as const) {
      const metrics = await scrape(app);
      for (const name of ['process_cpu_user_seconds_total', 'nodejs_heap_size_used_bytes']) {
        expect({ app, name, samples: samplesOf(metrics, name).length }).toEqual({ app, name, samples: 1 });
      }
    }
  });

  it("serves the gateway's probes on its health port, and no metrics on the public port", async () => {
    expect(await request(stack.healthUrl('gateway', '/health/live'))).toMatchObject({
      status: 200,
      body: { status: 'ok', service: 'gateway' },
    });
    expect(await request(stack.healthUrl('gateway', '/health/ready'))).toMatchObject({
      status: 200,
      body: { status: 'ok', service: 'gateway', checks: { redis: 'up', nats: 'up' } },
    });
    expect(await request(stack.url('/metrics'))).toMatchObject({ status: 404, body: { code: 'NOT_FOUND' } });
  });
});
