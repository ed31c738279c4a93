import type { SessionAndUser } from '@authsvc/contracts';
import type { FastifyReply } from 'fastify';
import { addAuthJwtHeader } from '../jwt/auth-jwt-header.js';
import type { JwtIssuer } from '../jwt/jwt-issuer.js';

/**
 * get-session's answer, for the read-model hook and the controller alike: `{session, user}` with its JWT in
 * `set-auth-jwt`, or the JSON literal `null` (which Nest would send as an empty body, so it is written here).
 */
export async function sendGetSessionAnswer(
  reply: FastifyReply,
  jwtIssuer: JwtIssuer,
  current: SessionAndUser | null,
): Promise<FastifyReply> {
  if (current) await addAuthJwtHeader(reply, jwtIssuer, current);
  return reply
    .code(200)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(current && { session: current.session, user: current.user }));
}
