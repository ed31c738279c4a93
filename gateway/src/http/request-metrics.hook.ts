import { httpRequestDuration } from '@authsvc/platform';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** The route label of a request that matched no route: one value, so scanners cannot grow the label set. */
export const UNMATCHED_ROUTE = 'unmatched';

type Series = ReturnType<typeof httpRequestDuration.labels>;

/**
 * The histogram's series by method, route and status, found once: prom-client hashes the label object on every
 * `observe` otherwise, which on get-session cost about as much as the observation (CPU profile of the bench). The
 * keys are as bounded as the labels: routes are patterns, unknown paths one value.
 */
const seriesByLabels = new Map<string, Series>();

function seriesOf(method: string, route: string, statusCode: number): Series {
  const key = `${method} ${statusCode} ${route}`;
  let series = seriesByLabels.get(key);
  if (series === undefined) {
    series = httpRequestDuration.labels({ method, route, status_code: String(statusCode) });
    seriesByLabels.set(key, series);
  }
  return series;
}

/** Times every answer of the public port by its route pattern (never the raw path, which may carry a token). */
export function requestMetricsHook(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  seriesOf(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE, reply.statusCode).observe(
    reply.elapsedTime / 1000,
  );
  done();
}
