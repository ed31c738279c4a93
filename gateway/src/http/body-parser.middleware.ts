import { RequestErrors } from '@authsvc/errors';
import type { NextFunction, Request, Response } from 'express';
import { sendError } from './error-response.js';

const MAX_BODY_BYTES = 64 * 1024;
const METHODS_WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Parses JSON and form bodies ourselves, so that malformed JSON is a clean 400 VALIDATION_ERROR, an
 * oversized body a 413 and an unexpected media type a 415 — never a crash or an HTML error page.
 */
export function bodyParserMiddleware(request: Request, response: Response, next: NextFunction): void {
  if (!METHODS_WITH_BODY.has(request.method)) return next();
  const chunks: Buffer[] = [];
  let size = 0;
  let rejected = false;
  request.on('data', (chunk: Buffer) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES && !rejected) {
      rejected = true;
      sendError(response, RequestErrors.PAYLOAD_TOO_LARGE);
      request.resume();
    }
    if (!rejected) chunks.push(chunk);
  });
  request.on('end', () => {
    if (rejected) return;
    const raw = Buffer.concat(chunks).toString('utf8');
    const mediaType = (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
    if (raw.trim() === '') {
      request.body = undefined;
      return next();
    }
    if (mediaType === 'application/json' || mediaType === '') {
      try {
        request.body = JSON.parse(raw);
      } catch {
        return sendError(response, RequestErrors.INVALID_BODY);
      }
      return next();
    }
    if (mediaType === 'application/x-www-form-urlencoded') {
      request.body = Object.fromEntries(new URLSearchParams(raw));
      return next();
    }
    sendError(response, RequestErrors.UNSUPPORTED_MEDIA_TYPE);
  });
  request.on('error', next);
}
