import type { ErrorDefinition } from '@authsvc/errors';
import type { FastifyReply } from 'fastify';

/**
 * A service is down or sheds load (password work beyond its queue): clients and proxies that honour it come
 * back after a second instead of at once.
 */
const RETRY_AFTER_SECONDS = '1';

/**
 * The one shape of every error the API answers: `{message, code}` with the catalogue's status, as JSON even where
 * the handler had declared another type for its answer (the mailbox page's HTML).
 */
export function sendError(reply: FastifyReply, error: ErrorDefinition): void {
  if (error.status === 503) reply.header('Retry-After', RETRY_AFTER_SECONDS);
  reply.code(error.status).type('application/json; charset=utf-8').send({ message: error.message, code: error.code });
}
