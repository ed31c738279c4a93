import type { IncomingMessage, ServerResponse } from 'node:http';
import { REVOKED_SESSION, sessionUse } from '@authsvc/contracts';
import { AUTH_BASE_PATH } from '../auth/auth-base-path.js';
import { requestIdOf } from '../http/request-context.js';
import type { AuthCookies } from './auth-cookies.js';
import type { SessionReadModels } from './session-read-models.js';

const GET_SESSION_URL = `${AUTH_BASE_PATH}/get-session`;

/** Answers the request and resolves true, or leaves it alone (nothing written) and resolves false. */
export type EarlyAnswer = (request: IncomingMessage, response: ServerResponse) => Promise<boolean>;

/**
 * Answers a plain `GET /api/auth/get-session` from the session read model, ahead of the framework's routing,
 * validation and controllers: it is the request every page of every app makes, and when the entry can be
 * served as it is the answer needs only the cookie's signature check and one Redis GET. Everything else (query
 * parameters, no valid cookie, a miss, a revoked, expired or refresh-due session) takes the full path through
 * `CurrentSession`, which answers the same for the same entry.
 */
export function readModelGetSession(readModels: SessionReadModels, cookies: AuthCookies): EarlyAnswer {
  return async (request, response) => {
    if (request.method !== 'GET' || request.url !== GET_SESSION_URL) return false;
    const { token, dontRemember } = cookies.read(request.headers.cookie);
    if (token === undefined) return false;
    const entry = await readModels.find(token);
    if (entry === undefined || entry === REVOKED_SESSION) return false;
    if (sessionUse(entry, new Date(), !dontRemember) !== 'serve') return false;
    const body = JSON.stringify({ session: entry.session, user: entry.user });
    response.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'cache-control': 'no-store',
      'x-request-id': requestIdOf(request),
    });
    response.end(body);
    return true;
  };
}
