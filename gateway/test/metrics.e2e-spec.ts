import { IdentityRpc, SessionConsumers } from '@authsvc/contracts';
import { signInActor, signUpActor, type Actor } from './support/actor.js';
import { startAdminStack, type AdminStack } from './support/admin-stack.js';
import { eventually } from './support/eventually.js';
import { postJson, randomClientIp, request, uniqueEmail } from './support/http.js';
import { samplesOf } from './support/prometheus-text.js';
import type { AppName, TestStack } from './support/test-stack.js';

const PASSWORD = 'correct-horse-1';

describe('Prometheus metrics on the health ports', () => {
  let admin: AdminStack;
  let stack: TestStack;
  let member: Actor;

  beforeAll(async () => {
    // An admin's acts are counted too; granting the admin restarts the gateway and identity, so the counts
    // below start from zero.
    admin = await startAdminStack();
    stack = admin.stack;
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
    // A user ends their other sessions; an admin ends all of a user's sessions, bans and unbans them.
    member = await signUpActor(stack, 'metrics-member');
    await signInActor(stack, member);
    expect((await member.post('/revoke-other-sessions', {})).status).toBe(200);
    expect((await admin.root.post('/admin/revoke-user-sessions', { userId: member.id })).status).toBe(200);
    expect((await admin.root.post('/admin/ban-user', { userId: member.id })).status).toBe(200);
    expect((await admin.root.post('/admin/unban-user', { userId: member.id })).status).toBe(200);
  });

  afterAll(() => admin?.stop());

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
    // The member's sign-up and sign-in count beside the first user's.
    expect(events).toEqual(
      expect.arrayContaining([
        { labels: { event: 'sign-up', provider: 'email', outcome: 'success' }, value: 2 },
        { labels: { event: 'sign-in', provider: 'email', outcome: 'success' }, value: 2 },
        { labels: { event: 'sign-in', provider: 'email', outcome: 'failure' }, value: 1 },
      ]),
    );
  });

  it("counts users' and admins' session revocations and bans", async () => {
    const events = samplesOf(await scrape('gateway'), 'auth_events_total');
    expect(events).toEqual(
      expect.arrayContaining(
        ['revoke-other-sessions', 'revoke-user-sessions', 'ban-user', 'unban-user'].map((event) => ({
          labels: { event, provider: 'none', outcome: 'success' },
          value: 1,
        })),
      ),
    );
  });

  it("times identity's bcrypt operations by kind, and reports its queue of operations waiting for a thread", async () => {
    const identity = await scrape('identity');
    const count = (operation: string) =>
      samplesOf(identity, 'bcrypt_duration_seconds_count').find(({ labels }) => labels.operation === operation)?.value;
    // Since identity's restart: two sign-ups hash; three sign-ins compare (one of them failed).
    expect({ hash: count('hash'), compare: count('compare') }).toEqual({ hash: 2, compare: 3 });
    expect(samplesOf(identity, 'bcrypt_queue_depth')).toEqual([{ labels: {}, value: 0 }]);
    expect(await scrape('gateway')).not.toContain('bcrypt_queue_depth ');
  });

  it('reports each outbox as caught up once its relay published what was appended', async () => {
    for (const service of ['identity', 'session'] as const) {
      const lag = await eventually(
        async () => {
          const metrics = await scrape(service);
          const sample = (name: string) => samplesOf(metrics, name).find(({ labels }) => labels.service === service);
          const pending = sample('outbox_pending_events');
          const age = sample('outbox_oldest_pending_age_seconds');
          return pending?.value === 0 ? { pending: pending.value, age: age?.value } : undefined;
        },
        { what: `${service}'s outbox published` },
      );
      expect({ service, lag }).toEqual({ service, lag: { pending: 0, age: 0 } });
    }
  });

  it("reports each durable JetStream consumer's pending and unacknowledged messages", async () => {
    const consumers = Object.values(SessionConsumers).map(({ stream, durableName }) => ({
      stream,
      consumer: durableName,
    }));
    const metrics = await eventually(
      async () => {
        const scraped = await scrape('session');
        const drained = samplesOf(scraped, 'jetstream_consumer_pending_messages').filter(({ value }) => value === 0);
        return drained.length === consumers.length ? scraped : undefined;
      },
      { what: "session's consumers drained" },
    );
    for (const name of ['jetstream_consumer_pending_messages', 'jetstream_consumer_ack_pending_messages']) {
      expect({ name, samples: samplesOf(metrics, name) }).toEqual({
        name,
        samples: expect.arrayContaining(consumers.map((labels) => ({ labels, value: 0 }))),
      });
      expect(samplesOf(metrics, name)).toHaveLength(consumers.length);
    }
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
