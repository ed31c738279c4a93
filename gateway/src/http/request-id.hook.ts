import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import { requestIdOf } from './request-context.js';

/** Gives every request a correlation id, echoed in `x-request-id` and carried into every message it causes. */
export function requestIdHook(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void {
  const id = requestIdOf(request.raw);
  request.headers['x-request-id'] = id;
  reply.header('x-request-id', id);
  done();
}
