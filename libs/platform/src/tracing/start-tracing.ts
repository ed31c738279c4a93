import { ConfigError, loadConfig, tracingVariables, type ConfigOf } from '@authsvc/config';

export type TracingSettings = ConfigOf<ReturnType<typeof tracingVariables>>;

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
export async function startTracing(app: string, env: NodeJS.ProcessEnv): Promise<void> {
  let settings: TracingSettings;
  try {
    settings = loadConfig(tracingVariables(app), env);
  } catch (error) {
    if (error instanceof ConfigError) return;
    throw error;
  }
  const endpoint = settings.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return;
  // The SDK is loaded only now: a process that does not trace does not even load it.
  const { startTracingSdk } = await import('./tracing-sdk.js');
  startTracingSdk(settings, endpoint);
}
