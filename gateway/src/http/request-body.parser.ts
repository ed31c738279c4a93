import { DomainError, RequestErrors } from '@authsvc/errors';
import type { FastifyInstance } from 'fastify';

const MAX_BODY_BYTES = 64 * 1024;

/**
 * Parses JSON and form bodies ourselves, in place of Fastify's parsers, so that malformed JSON is a clean 400
 * VALIDATION_ERROR, an oversized body a 413 and an unexpected media type a 415 — never a crash or an HTML error
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
      if (raw.trim() === '') return done(null, undefined);
      if (mediaType === 'application/json' || mediaType === '') {
        try {
          return done(null, JSON.parse(raw));
        } catch {
          return done(new DomainError(RequestErrors.INVALID_BODY), undefined);
        }
      }
      if (mediaType === 'application/x-www-form-urlencoded') {
        return done(null, Object.fromEntries(new URLSearchParams(raw)));
      }
      done(new DomainError(RequestErrors.UNSUPPORTED_MEDIA_TYPE), undefined);
    });
    payload.on('error', (error) => done(error, undefined));
  });
}
