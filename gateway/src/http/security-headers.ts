import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** A year: the shortest HSTS lifetime that browsers' preload lists and ASVS accept. */
const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const ALWAYS = {
  'x-content-type-options': 'nosniff',
  // Reset and verification links carry their token in the URL; no page of ours hands it on in a Referer.
  'referrer-policy': 'no-referrer',
  // Obsolete next to frame-ancestors, kept for browsers that predate it.
  'x-frame-options': 'DENY',
  'cross-origin-opener-policy': 'same-origin',
};

/** JSON answers and redirects: nothing in them may load, run or be framed. */
const API_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * The web client: its own scripts, styles and API only; profile images may come from any https host, as users
 * give image URLs.
 */
const WEB_CLIENT_POLICY = [
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
 * The headers every answer carries: a Content-Security-Policy chosen by what the answer is (unless its handler
 * set one), and HSTS when the gateway's public URL is https.
 */
export function securityHeaders(contentType: string | undefined, https: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    ...ALWAYS,
    'content-security-policy': contentType?.startsWith('text/html') ? WEB_CLIENT_POLICY : API_POLICY,
  };
  if (https) headers['strict-transport-security'] = `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`;
  return headers;
}

/** Adds `securityHeaders` to every answer just before it is sent, keeping a policy a handler chose. */
export function securityHeadersHook(https: boolean) {
  return async (_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const contentType = reply.getHeader('content-type');
    const headers = securityHeaders(typeof contentType === 'string' ? contentType : undefined, https);
    for (const [name, value] of Object.entries(headers)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  };
}
