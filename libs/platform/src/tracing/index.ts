// The entry point each app's main.ts imports before anything else (`@authsvc/platform/tracing`): it must not load
// pg, ioredis or any module that imports them, or their instrumentations could not wrap them.
export { startTracing, type TracingSettings } from './start-tracing.js';
