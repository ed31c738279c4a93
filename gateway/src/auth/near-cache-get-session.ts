import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthCookies } from '../session/auth-cookies.js';
import { requestIdOf } from '../http/request-context.js';
import { AUTH_BASE_PATH } from './auth-base-path.js';
import type { SessionNearCache } from './session-near-cache.js';

const GET_SESSION_URL = `${AUTH_BASE_PATH}/get-session`;

/** Answers the request and says true, or leaves it alone and says false. */
export type EarlyAnswer = (request: IncomingMessage, response: ServerResponse) => boolean;

/**
 * Answers a plain `GET /api/auth/get-session` from this replica's near cache without the framework's
 * routing, validation and controllers: it is the request every page of every app makes, and a hit needs
 * no more than the cookie's signature check. Anything else (query parameters, no valid cookie, a miss)
 * takes the full path, which fills the cache.
 */
export function nearCacheGetSession(cache: SessionNearCache, cookies: AuthCookies): EarlyAnswer {
  return (request, response) => {
    if (request.method !== 'GET' || request.url !== GET_SESSION_URL) return false;
    const { token } = cookies.read(request.headers.cookie);
    const entry = token === undefined ? undefined : cache.get(token, Date.now());
    if (entry === undefined) return false;
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(entry.body),
      'cache-control': 'no-store',
      'x-request-id': requestIdOf(request),
    });
    response.end(entry.body);
    return true;
  };
}
