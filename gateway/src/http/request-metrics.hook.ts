import { httpRequestDuration } from '@authsvc/platform';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** The route label of a request that matched no route: one value, so scanners cannot grow the label set. */
export const UNMATCHED_ROUTE = 'unmatched';

/** Times every answer of the public port by its route pattern (never the raw path, which may carry a token). */
export function requestMetricsHook(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  httpRequestDuration.observe(
    {
      method: request.method,
      route: request.routeOptions.url ?? UNMATCHED_ROUTE,
      status_code: String(reply.statusCode),
    },
    reply.elapsedTime / 1000,
  );
  done();
}
