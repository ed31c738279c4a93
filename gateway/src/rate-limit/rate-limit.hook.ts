import { RequestErrors } from '@authsvc/errors';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_BASE_PATH } from '../auth/auth-base-path.js';
import { sendError } from '../http/error-response.js';
import { rateLimitKeyOf, type TrustedProxies } from '../http/client-address.js';
import { clientIpOf, pathOf } from '../http/request-context.js';
import { rateLimitRuleFor } from './rate-limit-rules.js';
import type { RateLimiter } from './rate-limiter.js';

/**
 * Limits the auth API per client and path: per IPv4 address or IPv6 /64, as `clientIpOf` finds it (the socket's
 * peer unless trusted proxies name the client). Over the limit: 429 with `X-Retry-After` in seconds.
 */
export function rateLimitHook(limiter: RateLimiter, ipHeader: string, trusted: TrustedProxies) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const path = pathOf(request);
    if (!path.startsWith(`${AUTH_BASE_PATH}/`)) return;
    const client = rateLimitKeyOf(clientIpOf(request, ipHeader, trusted));
    const endpoint = path.slice(AUTH_BASE_PATH.length);
    const waitMs = await limiter.retryAfterMs(`${client}:${endpoint}`, rateLimitRuleFor(endpoint));
    if (waitMs === 0) return;
    reply.header('X-Retry-After', String(Math.ceil(waitMs / 1000)));
    sendError(reply, RequestErrors.TOO_MANY_REQUESTS);
    return reply;
  };
}
