import { decimal, integer, oneOf, optionalUrl, text } from './variable.js';

/** The samplers of OpenTelemetry's `OTEL_TRACES_SAMPLER`, by their standard names. */
export const TRACE_SAMPLERS = [
  'parentbased_always_on',
  'parentbased_always_off',
  'parentbased_traceidratio',
  'always_on',
  'always_off',
  'traceidratio',
] as const;

export type TraceSamplerName = (typeof TRACE_SAMPLERS)[number];

/**
 * OpenTelemetry traces, under the names of OpenTelemetry's own environment variables (so collectors' and
 * operators' habits apply). Without an endpoint nothing is traced: no SDK starts and no span is made.
 */
export function tracingVariables(app: string) {
  return {
    /** The OTLP/HTTP receiver (a collector, Jaeger); spans go to `<endpoint>/v1/traces`. Empty: tracing off. */
    OTEL_EXPORTER_OTLP_ENDPOINT: optionalUrl(['http:', 'https:']),
    OTEL_SERVICE_NAME: text(app),
    OTEL_TRACES_SAMPLER: oneOf(TRACE_SAMPLERS, 'parentbased_always_on'),
    /** The ratio of the `traceidratio` samplers, from 0 to 1. */
    OTEL_TRACES_SAMPLER_ARG: decimal(1, 0, 1),
    /** Milliseconds finished spans wait to be sent together. */
    OTEL_BSP_SCHEDULE_DELAY: integer(5000, 1, 60_000),
  };
}
