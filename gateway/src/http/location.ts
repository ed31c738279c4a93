import type { FastifyReply } from 'fastify';

/**
 * Everything RFC 3986 lets a URI carry as it is (unreserved and reserved characters) and `%` when it starts an
 * escape; anything else is percent-encoded as UTF-8, one code point at a time.
 */
const NOT_URI_CHARACTER = /%(?![0-9A-Fa-f]{2})|[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/gu;

/**
 * A URL as a Location header can carry it: HTTP header values are bytes, so a callbackURL with characters outside
 * ASCII (a trusted absolute URL may have them) is sent percent-encoded instead of failing the answer.
 */
export function locationOf(url: string): string {
  return url.replace(NOT_URI_CHARACTER, (character) => encodeURIComponent(character));
}

/** Sends the browser on to `url` with a 302. */
export function redirectTo(reply: FastifyReply, url: string): void {
  void reply.redirect(locationOf(url), 302);
}
