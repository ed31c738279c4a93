import { trace, type Tracer } from '@opentelemetry/api';

let tracer: Tracer | undefined;
let shutdown: () => Promise<void> = async () => {};

/**
 * The tracer of this process once `startTracing` started the SDK, undefined otherwise. Code that makes spans or
 * carries a trace context asks this first, so a process without an OTLP endpoint does no tracing work at all.
 */
export function activeTracer(): Tracer | undefined {
  return tracer;
}

/** Called once by `startTracing`, after the SDK is registered, with what sends the last spans at exit. */
export function enableTracer(name: string, stop: () => Promise<void>): void {
  tracer = trace.getTracer(name);
  shutdown = stop;
}

/** Sends the spans still waiting in the batch and stops the SDK (nothing when tracing is off). */
export function stopTracing(): Promise<void> {
  return shutdown();
}
