import { context, SpanKind, trace } from '@opentelemetry/api';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { headers } from '@nats-io/transport-node';
import type { IncomingMessage } from 'node:http';
import { createLogger } from '../logging/create-logger';
import { incomingRequestAttributes, isOperationsRequest } from './incoming-request';
import { inClientSpan, natsTraceContext, natsTraceHeaders } from './nats-trace-context';
import { traceSampler } from './trace-sampler';
import { activeTracer, enableTracer } from './tracing-state';

const spans = new InMemorySpanExporter();
const provider = new NodeTracerProvider({ spanProcessors: [new SimpleSpanProcessor(spans)] });
provider.register({ propagator: new W3CTraceContextPropagator() });
// As startTracing does once its SDK is registered.
enableTracer('test', () => provider.shutdown());
const tracer = activeTracer()!;

afterEach(() => spans.reset());

describe('trace context in NATS headers', () => {
  it("carries the caller's span to the span that handles the message", async () => {
    const sent = await inClientSpan(
      tracer,
      'identity.rpc.user.get',
      async (carrier) => carrier,
      () => true,
    );
    const [client] = spans.getFinishedSpans();
    expect(client).toMatchObject({ name: 'identity.rpc.user.get', kind: SpanKind.CLIENT });
    expect(sent.get('traceparent')).toBe(`00-${client.spanContext().traceId}-${client.spanContext().spanId}-01`);

    const server = tracer.startSpan('identity.rpc.user.get', { kind: SpanKind.SERVER }, natsTraceContext(sent));
    server.end();
    expect(server.spanContext().traceId).toBe(client.spanContext().traceId);
    expect(spans.getFinishedSpans()[1].parentSpanContext?.spanId).toBe(client.spanContext().spanId);
  });

  it('keeps the headers a forwarded message had, with the forwarding span in place of the caller', () => {
    const received = headers();
    received.set('traceparent', `00-${'1'.repeat(32)}-${'2'.repeat(16)}-01`);
    received.set('x-kept', 'yes');
    const span = tracer.startSpan('forwarding');
    const forwarded = context.with(trace.setSpan(context.active(), span), () => natsTraceHeaders(received));
    expect(forwarded.get('x-kept')).toBe('yes');
    expect(forwarded.get('traceparent')).toBe(`00-${span.spanContext().traceId}-${span.spanContext().spanId}-01`);
    expect(received.get('traceparent')).toBe(`00-${'1'.repeat(32)}-${'2'.repeat(16)}-01`);
  });

  it('gives no parent to a message without trace headers', () => {
    expect(trace.getSpan(natsTraceContext(undefined))).toBeUndefined();
    expect(trace.getSpan(natsTraceContext(headers()))).toBeUndefined();
  });

  it('marks a failed request as an error, and a refusal the caller expects as none', async () => {
    const refusal = new Error('refused');
    await expect(
      inClientSpan(
        tracer,
        'a',
        () => Promise.reject(refusal),
        (error) => error !== refusal,
      ),
    ).rejects.toBe(refusal);
    await expect(
      inClientSpan(
        tracer,
        'b',
        () => Promise.reject(new Error('down')),
        () => true,
      ),
    ).rejects.toThrow();
    expect(spans.getFinishedSpans().map(({ name, status }) => ({ name, code: status.code }))).toEqual([
      { name: 'a', code: 0 },
      { name: 'b', code: 2 },
    ]);
  });
});

describe('HTTP server spans', () => {
  const incoming = (url: string) => ({ url }) as IncomingMessage;

  it('record neither the path nor the query, which may carry a token', () => {
    expect(incomingRequestAttributes(incoming('/api/auth/reset-password/secret-token'))).toEqual({
      'url.path': 'REDACTED',
    });
    expect(incomingRequestAttributes(incoming('/api/auth/verify-email?token=secret'))).toEqual({
      'url.path': 'REDACTED',
      'url.query': 'REDACTED',
    });
  });

  it('leave out the probes and scrapes of the operations port', () => {
    expect(
      ['/health/live', '/health/ready', '/metrics', '/api/auth/ok'].map((url) => isOperationsRequest(incoming(url))),
    ).toEqual([true, true, true, false]);
  });
});

describe('traceSampler', () => {
  it.each([
    ['always_on', 'AlwaysOnSampler'],
    ['always_off', 'AlwaysOffSampler'],
    ['traceidratio', 'TraceIdRatioBased{0.25}'],
    ['parentbased_always_on', 'ParentBased{root=AlwaysOnSampler'],
    ['parentbased_always_off', 'ParentBased{root=AlwaysOffSampler'],
    ['parentbased_traceidratio', 'ParentBased{root=TraceIdRatioBased{0.25}'],
  ] as const)('%s', (name, described) => {
    expect(traceSampler(name, 0.25).toString()).toContain(described);
  });
});

describe('log lines', () => {
  it('carry the trace and span ids while a span is active, and none outside', () => {
    const written: string[] = [];
    const write = process.stdout.write;
    process.stdout.write = (chunk: string | Uint8Array) => written.push(String(chunk)) > 0;
    try {
      const logger = createLogger('identity', 'log', 'production');
      const span = tracer.startSpan('request');
      context.with(trace.setSpan(context.active(), span), () => logger.log('inside'));
      logger.log('outside');
      const [inside, outside] = written.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(inside).toMatchObject({
        message: 'inside',
        traceId: span.spanContext().traceId,
        spanId: span.spanContext().spanId,
      });
      expect(outside).not.toHaveProperty('traceId');
    } finally {
      process.stdout.write = write;
    }
  });
});
