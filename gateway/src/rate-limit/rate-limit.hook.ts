import { RequestErrors } from '@authsvc/errors';
import { clientKeyOf } from '@authsvc/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AUTH_BASE_PATH } from '../auth/auth-base-path.js';
import { sendError } from '../http/error-response.js';
import type { TrustedProxies } from '../http/client-address.js';
import { clientIpOf } from '../http/request-context.js';
import { rateLimitRuleOf } from './rate-limit-rules.js';
import type { RateLimiter } from './rate-limiter.js';

/**
 * Limits the auth API per client and route: per IPv4 address or IPv6 /64, as `clientIpOf` finds it (the socket's
 * peer unless trusted proxies name the client). The counter and the rule belong to the matched route, not to the
 * path as spelled: every spelling the router serves (`/api/auth/%73ign-in/email`) counts with the canonical one,
 * every token of `/reset-password/:token` shares one counter, and a path no route matches is the router's 404
 * without a counter. Over the limit: 429 with `X-Retry-After` in seconds; no count on a fail-closed route: 503.
 */
export function rateLimitHook(limiter: RateLimiter, ipHeader: string, trusted: TrustedProxies) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    const route = request.routeOptions.url;
    if (route === undefined || !route.startsWith(`${AUTH_BASE_PATH}/`)) return;
    const rule = rateLimitRuleOf(request.routeOptions.config);
    const client = clientKeyOf(clientIpOf(request, ipHeader, trusted));
    const waitMs = await limiter.retryAfterMs(`${client}:${route.slice(AUTH_BASE_PATH.length)}`, rule);
    if (waitMs === 0 || (waitMs === undefined && !rule.failClosed)) return;
    if (waitMs === undefined) {
      sendError(reply, RequestErrors.SERVICE_UNAVAILABLE);
      return reply;
    }
    reply.header('X-Retry-After', String(Math.ceil(waitMs / 1000)));
    sendError(reply, RequestErrors.TOO_MANY_REQUESTS);
    return reply;
  };
}
