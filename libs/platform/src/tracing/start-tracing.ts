import { register } from 'node:module';
import { ConfigError, loadConfig, tracingVariables, type ConfigOf } from '@authsvc/config';
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
import { enableTracer } from './tracing-state.js';

export type TracingSettings = ConfigOf<ReturnType<typeof tracingVariables>>;

/** The packages whose ESM imports the loader hook wraps for their instrumentations (the rest load untouched). */
const INSTRUMENTED_PACKAGES = ['pg', 'pg-pool', 'ioredis'];

/**
 * Starts OpenTelemetry for this process when `OTEL_EXPORTER_OTLP_ENDPOINT` is set, and does nothing otherwise:
 * no SDK, no loader hook, no exporter, and `activeTracer()` stays undefined so no span is ever made.
 *
 * Call it before the app's own modules are imported (each `main.ts` imports them afterwards, with `import()`).
 * The instrumentations patch a package as it loads: require-in-the-middle sees `require()` only, and our ES
 * modules `import` ioredis (on Node 20.20 ioredis stayed unpatched without the hook below; pg, which TypeORM
 * requires, was patched either way). import-in-the-middle's loader hook, which `@opentelemetry/instrumentation`
 * ships as `hook.mjs`, sees `import`s, but only of modules resolved after it is registered: a static import in
 * `main.ts` is linked before any of its code runs. Registered here with `module.register` (Node 20.6+), limited
 * to the instrumented packages, it works under plain `node <app>/dist/main.js`, with no `--import` flag to add
 * to every way the apps are started (npm start, the tests, the image, Kubernetes).
 *
 * A bad value of a tracing variable starts nothing here: the app's own configuration, which reads the same
 * variables, then stops the process naming it.
 */
export function startTracing(app: string, env: NodeJS.ProcessEnv): void {
  let settings: TracingSettings;
  try {
    settings = loadConfig(tracingVariables(app), env);
  } catch (error) {
    if (error instanceof ConfigError) return;
    throw error;
  }
  const endpoint = settings.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return;

  register('@opentelemetry/instrumentation/hook.mjs', import.meta.url, {
    data: { include: INSTRUMENTED_PACKAGES },
  });
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
  enableTracer(settings.OTEL_SERVICE_NAME, () => provider.shutdown());
}

/** `new URL('v1/traces', base)` keeps a base path (a collector behind `/otlp/`) only when it ends with a slash. */
function withTrailingSlash(url: URL): URL {
  return url.pathname.endsWith('/') ? url : new URL(`${url.href}/`);
}
