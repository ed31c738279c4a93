import { RequestErrors } from '@authsvc/errors';
import type { NextFunction, Request, Response } from 'express';
import { AUTH_BASE_PATH } from '../auth/auth-base-path.js';
import { sendError } from '../http/error-response.js';
import { clientIpOf } from '../http/request-context.js';
import { rateLimitRuleFor } from './rate-limit-rules.js';
import type { RateLimiter } from './rate-limiter.js';

/**
 * Limits the auth API per client address and path. The address comes from the trusted proxy header,
 * or from the socket when no proxy set it. Over the limit: 429 with `X-Retry-After` in seconds.
 */
export function rateLimitMiddleware(limiter: RateLimiter, ipHeader: string) {
  return (request: Request, response: Response, next: NextFunction): void => {
    if (!request.path.startsWith(`${AUTH_BASE_PATH}/`)) return next();
    const client = clientIpOf(request, ipHeader) || request.socket.remoteAddress || '';
    const path = request.path.slice(AUTH_BASE_PATH.length);
    limiter.retryAfterMs(`${client}:${path}`, rateLimitRuleFor(path)).then((waitMs) => {
      if (waitMs === 0) return next();
      response.setHeader('X-Retry-After', String(Math.ceil(waitMs / 1000)));
      sendError(response, RequestErrors.TOO_MANY_REQUESTS);
    }, next);
  };
}
