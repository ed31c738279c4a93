import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyRequest } from 'fastify';
import { clientAddressOf, type TrustedProxies } from './client-address.js';

const REQUEST_ID_PATTERN = /^[\w-]{1,64}$/;

/** The correlation id of a request: the caller's `x-request-id` when well-formed, else a fresh one. */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID_PATTERN.test(given) ? given : randomUUID();
}

/** The correlation id the request-id hook gave the request, for the messages it causes. */
export function correlationIdOf(request: FastifyRequest): string {
  return String(request.headers['x-request-id']);
}

/** The client's address: the socket's peer, or what trusted proxies say in `header` (see `clientAddressOf`). */
export function clientIpOf(request: FastifyRequest, header: string, trusted: TrustedProxies): string {
  const forwarded = request.headers[header];
  const chain = Array.isArray(forwarded) ? forwarded.join(',') : forwarded;
  return clientAddressOf(request.socket.remoteAddress ?? '', chain, trusted);
}

export function userAgentOf(request: FastifyRequest): string {
  return request.headers['user-agent'] ?? '';
}

/** The request's path, without its query string. */
export function pathOf(request: Pick<FastifyRequest, 'url'>): string {
  const queryStart = request.url.indexOf('?');
  return queryStart === -1 ? request.url : request.url.slice(0, queryStart);
}

/**
 * The route a request matched, as declared (`/api/auth/reset-password/:token`), else its path: what logs name,
 * since a concrete path may carry a mailed token.
 */
export function routeOf(request: Pick<FastifyRequest, 'url' | 'routeOptions'>): string {
  return request.routeOptions.url ?? pathOf(request);
}
