import type { Attributes } from '@opentelemetry/api';
import { ATTR_URL_PATH, ATTR_URL_QUERY } from '@opentelemetry/semantic-conventions';
import type { IncomingMessage } from 'node:http';

/** Probes and scrapes of the operations port: traced, they would outnumber the requests. */
const OPERATIONS_PATHS = new Set(['/health/live', '/health/ready', '/metrics']);

export function isOperationsRequest(request: IncomingMessage): boolean {
  return OPERATIONS_PATHS.has(request.url ?? '');
}

/** What an HTTP server span records of the URL in place of its path and query. */
export const REDACTED = 'REDACTED';

/**
 * Replaces the path and query an HTTP server span would record: both may carry a token (`/reset-password/<token>`,
 * `?token=` of a verification link). The span records the route pattern instead (`http.route`, set once the
 * router has matched it).
 */
export function incomingRequestAttributes(request: IncomingMessage): Attributes {
  const query = request.url?.includes('?') ? { [ATTR_URL_QUERY]: REDACTED } : {};
  return { [ATTR_URL_PATH]: REDACTED, ...query };
}
