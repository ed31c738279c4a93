import { createRequire } from 'node:module';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { IORedisInstrumentation } from '@opentelemetry/instrumentation-ioredis';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { defaultResource, resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { incomingRequestAttributes, isOperationsRequest } from './incoming-request.js';
import { traceSampler } from './trace-sampler.js';
import type { TracingSettings } from './start-tracing.js';
import { enableTracer } from './tracing-state.js';

/**
 * The CommonJS packages the instrumentations below patch, loaded through `require()` once they are registered
 * (pg requires pg-pool, which is patched with it). Both are dependencies of this library.
 */
const INSTRUMENTED_PACKAGES = ['pg', 'ioredis'];

/** The OpenTelemetry SDK, its OTLP exporter and the instrumentations, started as `startTracing` explains. */
export function startTracingSdk(settings: TracingSettings, endpoint: URL): void {
  const provider = new NodeTracerProvider({
    resource: defaultResource().merge(resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.OTEL_SERVICE_NAME })),
    sampler: traceSampler(settings.OTEL_TRACES_SAMPLER, settings.OTEL_TRACES_SAMPLER_ARG),
    spanProcessors: [
      new BatchSpanProcessor(new OTLPTraceExporter({ url: new URL('v1/traces', withTrailingSlash(endpoint)).href }), {
        scheduledDelayMillis: settings.OTEL_BSP_SCHEDULE_DELAY,
      }),
    ],
  });
  // W3C trace context alone: `traceparent`/`tracestate` in HTTP and NATS headers (no baggage is carried).
  provider.register({ propagator: new W3CTraceContextPropagator() });
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      // Server spans only: the apps call out over HTTP with fetch, which this instrumentation does not see.
      new HttpInstrumentation({
        disableOutgoingRequestInstrumentation: true,
        ignoreIncomingRequestHook: isOperationsRequest,
        startIncomingSpanHook: incomingRequestAttributes,
      }),
      // Only within a trace: the outbox relay's and the pollers' queries alone would each be a trace of one span.
      // The SQL text is recorded, its parameters never (they hold hashes, tokens and personal data).
      new PgInstrumentation({ requireParentSpan: true, enhancedDatabaseReporting: false }),
      // The command name alone: keys and values hold session tokens and counters' subjects.
      new IORedisInstrumentation({ requireParentSpan: true, dbStatementSerializer: (command) => command }),
    ],
  });
  // require-in-the-middle patches each package as this require() loads it; the app's `import`s then get the same,
  // patched, module from Node's CommonJS cache (see startTracing).
  const load = createRequire(import.meta.url);
  for (const name of INSTRUMENTED_PACKAGES) load(name);
  enableTracer(settings.OTEL_SERVICE_NAME, () => provider.shutdown());
}

/** `new URL('v1/traces', base)` keeps a base path (a collector behind `/otlp/`) only when it ends with a slash. */
function withTrailingSlash(url: URL): URL {
  return url.pathname.endsWith('/') ? url : new URL(`${url.href}/`);
}
