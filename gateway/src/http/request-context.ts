import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

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

/** The client address from the trusted proxy header (first entry, must be an IP), or '' when unknown. */
export function clientIpOf(request: FastifyRequest, header: string): string {
  const raw = request.headers[header];
  const first = (Array.isArray(raw) ? raw[0] : raw)?.split(',')[0]?.trim() ?? '';
  return isIP(first) ? first : '';
}

export function userAgentOf(request: FastifyRequest): string {
  return request.headers['user-agent'] ?? '';
}

/** The request's path, without its query string. */
export function pathOf(request: FastifyRequest): string {
  const queryStart = request.url.indexOf('?');
  return queryStart === -1 ? request.url : request.url.slice(0, queryStart);
}
