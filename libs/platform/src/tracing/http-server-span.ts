import { trace } from '@opentelemetry/api';
import { ATTR_HTTP_ROUTE } from '@opentelemetry/semantic-conventions';

/**
 * Names the active HTTP server span by the route the request matched (`POST /api/auth/sign-in/email`), which
 * the span records in place of the path (a path may carry a token: see `incomingRequestAttributes`).
 */
export function nameHttpServerSpan(method: string, route: string): void {
  const span = trace.getActiveSpan();
  span?.updateName(`${method} ${route}`);
  span?.setAttribute(ATTR_HTTP_ROUTE, route);
}
