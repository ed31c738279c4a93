import { IdentityRpc, SessionRpc } from '@authsvc/contracts';
import { eventually, sleep } from './support/eventually.js';
import { postJson, randomClientIp, uniqueEmail } from './support/http.js';
import { OtlpReceiver, SPAN_KIND, type ReceivedSpan } from './support/otlp-receiver.js';
import { TestStack } from './support/test-stack.js';

const PASSWORD = 'correct-horse-1';
const SIGN_UP_ROUTE = '/api/auth/sign-up/email';

/** The spans from `span` up to its trace's root, as far as they arrived. */
function ancestry(spans: readonly ReceivedSpan[], span: ReceivedSpan): ReceivedSpan[] {
  const chain = [span];
  for (let parent = span.parentSpanId; parent;) {
    const found = spans.find((candidate) => candidate.spanId === parent);
    if (!found) break;
    chain.push(found);
    parent = found.parentSpanId;
  }
  return chain;
}

describe('OpenTelemetry traces to an OTLP receiver', () => {
  let receiver: OtlpReceiver;
  let stack: TestStack;

  beforeAll(async () => {
    receiver = await OtlpReceiver.start();
    stack = await TestStack.start({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint, OTEL_BSP_SCHEDULE_DELAY: '100' });
  });

  afterAll(async () => {
    await stack?.stop();
    await receiver?.stop();
  });

  it('follows a sign-up from the gateway through NATS into identity and its PostgreSQL and Redis calls', async () => {
    const email = uniqueEmail('traced');
    const answer = await postJson(
      stack.url(SIGN_UP_ROUTE),
      { name: 'Traced', email, password: PASSWORD },
      { 'x-forwarded-for': randomClientIp() },
    );
    expect(answer.status).toBe(200);

    const isSignUp = (span: ReceivedSpan) => span.service === 'gateway' && span.name === `POST ${SIGN_UP_ROUTE}`;
    const trace = await eventually(
      async () => {
        const root = receiver.spans.find(isSignUp);
        const spans = receiver.spans.filter((span) => span.traceId === root?.traceId);
        const database = spans.find((span) => span.service === 'identity' && span.scope.endsWith('instrumentation-pg'));
        const session = spans.find((span) => span.service === 'session' && span.kind === SPAN_KIND.SERVER);
        return database && session ? { root: root!, spans, database, session } : undefined;
      },
      { what: 'the sign-up trace with a database call of identity and the session it starts', timeoutMs: 30_000 },
    );

    // The gateway's server span, named by its route, recording the route and never the raw path.
    expect(trace.root).toMatchObject({
      kind: SPAN_KIND.SERVER,
      attributes: expect.objectContaining({ 'http.route': SIGN_UP_ROUTE, 'url.path': 'REDACTED' }),
    });
    // Identity's PostgreSQL call lies under identity's server span for the request, under the gateway's client
    // span for it, under the gateway's server span: one trace across the processes.
    const chain = ancestry(trace.spans, trace.database).map(({ service, name, kind }) => ({ service, name, kind }));
    const subject = IdentityRpc.registerUser.subject;
    expect(chain).toEqual(
      expect.arrayContaining([
        { service: 'identity', name: subject, kind: SPAN_KIND.SERVER },
        { service: 'gateway', name: subject, kind: SPAN_KIND.CLIENT },
        { service: 'gateway', name: `POST ${SIGN_UP_ROUTE}`, kind: SPAN_KIND.SERVER },
      ]),
    );
    expect(chain.at(-1)).toEqual({ service: 'gateway', name: `POST ${SIGN_UP_ROUTE}`, kind: SPAN_KIND.SERVER });
    // The session the sign-up starts, handed on by identity to the session service, continues the same trace.
    expect(ancestry(trace.spans, trace.session).map(({ service, name }) => `${service} ${name}`)).toEqual([
      `session ${SessionRpc.startProven.subject}`,
      `identity ${subject}`,
      `gateway ${subject}`,
      `gateway POST ${SIGN_UP_ROUTE}`,
    ]);
    // The rate limiter's Redis calls in the gateway, by command name alone (keys name clients).
    const redis = trace.spans.filter((span) => span.service === 'gateway' && span.scope.endsWith('ioredis'));
    expect(redis.length).toBeGreaterThan(0);
    for (const span of redis) expect(span.attributes['db.statement'] ?? span.name).not.toMatch(/\s/);
  });

  it("traces a JetStream consumer's handling of an event, its database calls under it", async () => {
    // Every sign-up's UserRegistered reaches the session service's consumer of identity's events.
    const handled = await eventually(
      async () => {
        const consumed = receiver.spans.filter(
          (span) => span.service === 'session' && span.kind === SPAN_KIND.CONSUMER,
        );
        return consumed.find((consumer) =>
          receiver.spans.some(
            (span) => span.parentSpanId === consumer.spanId && span.scope.endsWith('instrumentation-pg'),
          ),
        );
      },
      { what: 'a consumer span of the session service with a database call', timeoutMs: 30_000 },
    );
    expect(handled.name).toMatch(/^identity\.events\./);
    expect(handled.attributes).toMatchObject({ 'messaging.system': 'nats', 'messaging.operation.type': 'process' });
  });

  it('sends nothing from an app started without OTEL_EXPORTER_OTLP_ENDPOINT', async () => {
    await stack.restart('gateway', { OTEL_EXPORTER_OTLP_ENDPOINT: '' });
    const since = receiver.spans.length;
    const email = uniqueEmail('untraced');
    const answer = await postJson(
      stack.url(SIGN_UP_ROUTE),
      { name: 'Untraced', email, password: PASSWORD },
      { 'x-forwarded-for': randomClientIp() },
    );
    expect(answer.status).toBe(200);
    // Identity still traces its side, as a trace of its own: no caller's context came with the request.
    const served = await eventually(
      async () =>
        receiver.spans
          .slice(since)
          .find((span) => span.service === 'identity' && span.name === IdentityRpc.registerUser.subject),
      { what: "identity's span of the untraced sign-up", timeoutMs: 30_000 },
    );
    expect(served.parentSpanId ?? '').toBe('');
    await sleep(500);
    expect(receiver.spans.slice(since).filter((span) => span.service === 'gateway')).toEqual([]);
  });
});
