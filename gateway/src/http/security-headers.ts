import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';

/** A year: the shortest HSTS lifetime that browsers' preload lists and ASVS accept. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * Few and short: they travel with every get-session. Framing is refused by the policies' frame-ancestors, which
 * every current browser honours (X-Frame-Options would repeat it).
 */
const ALWAYS = {
  'x-content-type-options': 'nosniff',
  // Reset and verification links carry their token in the URL; no page of ours hands it on in a Referer.
  'referrer-policy': 'no-referrer',
};

/** JSON answers and redirects: nothing in them may load or be framed (they are no document to run anything). */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * The web client: its own scripts, styles and API only; profile images may come from any https host, as users
 * give image URLs.
 */
export const WEB_CLIENT_POLICY = [
  "default-src 'self'",
  "img-src 'self' data: https:",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/**
 * The policy of a server-rendered page with one inline style sheet: that sheet, by its hash, and nothing else
 * but links.
 */
export function inlineStylePagePolicy(styleSheet: string): string {
  const hash = createHash('sha256').update(styleSheet).digest('base64');
  return `default-src 'none'; style-src 'sha256-${hash}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;
}

/**
 * The headers every answer starts with: the API's policy (HTML pages set their own), and HSTS when the gateway's
 * public URL is https.
 */
export function securityHeaders(https: boolean): Readonly<Record<string, string>> {
  return {
    ...ALWAYS,
    'content-security-policy': API_POLICY,
    ...(https ? { 'strict-transport-security': `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains` } : {}),
  };
}

/** Gives every answer `securityHeaders` up front: one call on the hot path, no work when it is sent. */
export function securityHeadersHook(https: boolean) {
  const headers = securityHeaders(https);
  return (_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
    reply.headers(headers);
    done();
  };
}
