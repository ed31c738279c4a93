import { DomainError, RequestErrors, withMessage, type ErrorDefinition } from '@authsvc/errors';
import type { FastifyInstance } from 'fastify';

const MAX_BODY_BYTES = 64 * 1024;

/**
 * Parses JSON and form bodies ourselves, in place of Fastify's parsers, so that malformed JSON is a clean 400
 * (the reference's BAD_REQUEST `Invalid JSON in request body`), an oversized body a 413 and an unexpected media type a 415 — never a crash or an HTML error
 * page. A rejection reaches the error filter like any catalogue error thrown by a handler.
 */
export function registerRequestBodyParser(instance: FastifyInstance): void {
  instance.removeAllContentTypeParsers();
  instance.addContentTypeParser('*', (request, payload, done) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let rejected = false;
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES && !rejected) {
        rejected = true;
        done(new DomainError(RequestErrors.PAYLOAD_TOO_LARGE), undefined);
        payload.resume();
      }
      if (!rejected) chunks.push(chunk);
    });
    payload.on('end', () => {
      if (rejected) return;
      const raw = Buffer.concat(chunks).toString('utf8');
      const mediaType = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
      // Without a Content-Type nothing is parsed, as the reference does: the endpoint sees no body.
      if (raw.trim() === '' || mediaType === '') return done(null, undefined);
      if (mediaType === 'application/json') {
        try {
          return done(null, JSON.parse(raw));
        } catch {
          return done(new DomainError(RequestErrors.INVALID_JSON), undefined);
        }
      }
      if (mediaType === 'application/x-www-form-urlencoded') {
        return done(null, Object.fromEntries(new URLSearchParams(raw)));
      }
      done(new DomainError(unsupportedMediaType(request.headers['content-type'] ?? '')), undefined);
    });
    payload.on('error', (error) => done(error, undefined));
  });
}

/** The reference's 415 message, naming the Content-Type sent (printable characters only, cut short: it is echoed). */
function unsupportedMediaType(contentType: string): ErrorDefinition {
  const named = contentType.replace(/[^\x20\x21\x23-\x7e]/g, '').slice(0, 100);
  const allowed = 'Allowed types: application/x-www-form-urlencoded, application/json';
  return withMessage(RequestErrors.UNSUPPORTED_MEDIA_TYPE, `Content-Type "${named}" is not allowed. ${allowed}`);
}
