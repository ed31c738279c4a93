import { nameHttpServerSpan } from '@authsvc/platform';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { UNMATCHED_ROUTE } from './request-metrics.hook.js';

/** Names the request's HTTP server span by its route pattern. Registered only while tracing. */
export function traceRouteHook(request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction): void {
  nameHttpServerSpan(request.method, request.routeOptions.url ?? UNMATCHED_ROUTE);
  done();
}
