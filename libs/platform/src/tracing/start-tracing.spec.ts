import { trace } from '@opentelemetry/api';
import { startTracing } from './start-tracing';
import { activeTracer } from './tracing-state';

describe('startTracing without an endpoint', () => {
  it.each([{}, { OTEL_EXPORTER_OTLP_ENDPOINT: '' }, { OTEL_EXPORTER_OTLP_ENDPOINT: 'not a url' }])(
    'starts no SDK and leaves every span a no-op (%p)',
    async (env) => {
      await startTracing('identity', env);
      expect(activeTracer()).toBeUndefined();
      // No tracer provider was registered: the API's default makes spans that record nothing.
      expect(trace.getTracer('any').startSpan('any').isRecording()).toBe(false);
    },
  );
});
