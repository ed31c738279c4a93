import { startTracing } from '@authsvc/platform/tracing';

// Tracing (when OTEL_EXPORTER_OTLP_ENDPOINT is set) starts before the session's modules are imported, so that their
// PostgreSQL and Redis clients load instrumented (see startTracing).
await startTracing('session', process.env);
await import('./start-session.js');
