import { Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { TokenSubject } from './jwt-claims.js';
import type { JwtIssuer } from './jwt-issuer.js';

const HEADER = 'set-auth-jwt';
const EXPOSE = 'access-control-expose-headers';
const logger = new Logger('AuthJwtHeader');

/**
 * get-session's `set-auth-jwt: <token>` (the reference's JWT plugin), exposed to scripts of other origins by
 * adding it to Access-Control-Expose-Headers. The session answer does not depend on it: when no key can be had
 * (identity unreachable at the first use), the header is left out and the session still answered.
 */
export async function addAuthJwtHeader(reply: FastifyReply, issuer: JwtIssuer, subject: TokenSubject): Promise<void> {
  let token: string;
  try {
    token = await issuer.issue(subject);
  } catch (error) {
    logger.warn(`get-session answered without ${HEADER}: ${String(error)}`);
    return;
  }
  const exposed = String(reply.getHeader(EXPOSE) ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  reply.header(HEADER, token).header(EXPOSE, [...new Set([...exposed, HEADER])].join(', '));
}
