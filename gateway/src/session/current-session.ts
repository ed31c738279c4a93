import {
  REVOKED_SESSION,
  sessionUse,
  SessionRpc,
  type SessionAndUser,
  type SessionReadModel,
} from '@authsvc/contracts';
import { DomainError, type ErrorDefinition } from '@authsvc/errors';
import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { correlationIdOf } from '../http/request-context.js';
import { ImpersonatorCheck } from '../admin/impersonator-check.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AuthCookies } from './auth-cookies.js';
import { SessionReadModels } from './session-read-models.js';

export type ResolvedSession = SessionAndUser;

/** How a handler uses the session it resolves. */
export interface ResolveOptions {
  /** Never extend the session (get-session's `disableRefresh`, the verification link). */
  readonly disableRefresh?: boolean;
  /**
   * The request may change the signed-in user (update-user, change-email, …). Its session is then read through the
   * session service, which reads that user from identity for a few seconds, so the caller's next get-session
   * shows the change even before identity's event reaches the snapshot. (For the verification link, a GET,
   * identity hands the session service the same news itself.) Other requests, organization writes included,
   * read the session's read model from Redis like any read.
   */
  readonly userMayChange?: boolean;
}

/**
 * Resolves the request's session from its signed cookie, as every session-bearing endpoint does. A safe request
 * reads the session's read model from Redis itself; the session service is asked only on a miss, to expire a
 * session past its expiry, to extend one whose refresh is due, or for a request that may change the user. A
 * cookie that no longer stands for a live session (bad signature, ended, user gone) is cleared; an extended
 * session gets its cookie re-issued. Remember-me off (the signed dont_remember marker) never extends.
 */
@Injectable()
export class CurrentSession {
  constructor(
    private readonly cookies: AuthCookies,
    private readonly services: ServiceClient,
    private readonly readModels: SessionReadModels,
    private readonly impersonators: ImpersonatorCheck,
  ) {}

  async resolve(
    request: FastifyRequest,
    response: FastifyReply,
    { disableRefresh = false, userMayChange = false }: ResolveOptions = {},
  ): Promise<ResolvedSession | null> {
    const { token, present, dontRemember } = this.cookies.read(request.headers.cookie);
    if (!token) {
      if (present) response.header('Set-Cookie', this.cookies.clear());
      return null;
    }
    const correlationId = correlationIdOf(request);
    const entry = await this.readModel(request, token, correlationId, userMayChange);
    const use = entry && sessionUse(entry, new Date(), !(disableRefresh || dontRemember));
    if (!entry || use === 'expire') {
      if (entry) await this.services.call(SessionRpc.expire, { token, correlationId });
      response.header('Set-Cookie', this.cookies.clear());
      return null;
    }
    if (!(await this.impersonationHolds(entry, token, correlationId))) {
      response.header('Set-Cookie', this.cookies.clear());
      return null;
    }
    if (use === 'serve') return { session: entry.session, user: entry.user };
    const refreshed = await this.services.call(SessionRpc.refresh, { token, correlationId });
    const cookie = refreshed ? this.cookies.issue(refreshed.session, true, new Date()) : this.cookies.clear();
    response.header('Set-Cookie', cookie);
    return refreshed;
  }

  /** For endpoints that need a session: `withoutSession` (see `@WithSession()`) without one. */
  async require(
    request: FastifyRequest,
    response: FastifyReply,
    options: ResolveOptions,
    withoutSession: ErrorDefinition,
  ): Promise<ResolvedSession> {
    const resolved = await this.resolve(request, response, options);
    if (!resolved) throw new DomainError(withoutSession);
    return resolved;
  }

  /**
   * An impersonation is served only while its admin holds the impersonate right; one whose admin lost it ends
   * here (recorded with no actor: nobody asked for it), should the session service not have ended it already.
   */
  private async impersonationHolds(entry: SessionReadModel, token: string, correlationId: string): Promise<boolean> {
    const adminId = entry.session.impersonatedBy;
    if (adminId === null || (await this.impersonators.holdsRight(adminId, correlationId))) return true;
    await this.services.call(SessionRpc.revoke, { token, correlationId });
    return false;
  }

  /** From Redis, else from the session service (which then rebuilds the entry from Postgres without reading Redis). */
  private async readModel(
    request: FastifyRequest,
    token: string,
    correlationId: string,
    userMayChange: boolean,
  ): Promise<SessionReadModel | null> {
    if (userMayChange) return this.services.call(SessionRpc.get, { token, correlationId, userMayChange });
    const stored = await this.readModels.findFor(request, token);
    if (stored === REVOKED_SESSION) return null;
    return stored ?? this.services.call(SessionRpc.get, { token, correlationId, missedInRedis: true });
  }
}
