import type { FastifyReply, FastifyRequest } from 'fastify';
import { REVOKED_SESSION, sessionUse } from '@authsvc/contracts';
import { AUTH_BASE_PATH } from '../auth/auth-base-path.js';
import type { AuthCookies } from './auth-cookies.js';
import type { SessionReadModels } from './session-read-models.js';
import type { JwtIssuer } from '../jwt/jwt-issuer.js';
import { sendGetSessionAnswer } from './get-session-answer.js';

const GET_SESSION_URL = `${AUTH_BASE_PATH}/get-session`;

/**
 * Answers a plain `GET /api/auth/get-session` from the session read model in an `onRequest` hook, ahead of
 * Nest's guards, pipes and controllers: it is the request every page of every app makes, and when the entry can
 * be served as it is the answer needs only the cookie's signature check and one Redis GET. Everything else (query
 * parameters, no valid cookie, a miss, a revoked, expired or refresh-due session, an impersonation) goes on to the
 * controller and `CurrentSession`, which take on the entry this hook read and answer
 * with the same function.
 */
export function readModelGetSessionHook(readModels: SessionReadModels, cookies: AuthCookies, jwtIssuer: JwtIssuer) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    if (request.method !== 'GET' || request.url !== GET_SESSION_URL) return;
    const { token, dontRemember } = cookies.read(request.headers.cookie);
    if (token === undefined) return;
    const entry = await readModels.findAndHandOn(request, token);
    if (entry === undefined || entry === REVOKED_SESSION) return;
    // An impersonation is served only once its admin's right was checked (`CurrentSession`).
    if (entry.session.impersonatedBy !== null || sessionUse(entry, new Date(), !dontRemember) !== 'serve') return;
    return sendGetSessionAnswer(reply, jwtIssuer, entry);
  };
}
