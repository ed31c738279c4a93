import { ConfigError, loadConfig, tracingVariables, type ConfigOf } from '@authsvc/config';

export type TracingSettings = ConfigOf<ReturnType<typeof tracingVariables>>;

/**
 * Starts OpenTelemetry for this process when `OTEL_EXPORTER_OTLP_ENDPOINT` is set, and does nothing otherwise:
 * no SDK loaded, no exporter, and `activeTracer()` stays undefined so no span is ever made.
 *
 * Call it before the app's own modules are imported (each `main.ts` imports them afterwards, with `import()`):
 * the instrumentations patch pg and ioredis as they load, through require-in-the-middle, which sees `require()`
 * alone. Our ES modules `import` them, which it does not see (on Node 20.20 ioredis stayed unpatched), so the SDK
 * `require()`s them itself once the instrumentations are registered, and the app's `import`s, coming later, get
 * that same patched module from Node's CommonJS cache. import-in-the-middle's loader hook (`module.register`)
 * would see the `import`s too, but it sends every module the app loads through a loader thread: under a loaded
 * machine an app's start took over 30 s with it, against seconds without.
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
