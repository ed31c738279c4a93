import { SessionRpc, type SessionView, type UserView } from '@authsvc/contracts';
import { DomainError, RequestErrors } from '@authsvc/errors';
import { Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuthCookies } from './auth-cookies.js';
import { ServiceClient } from '../rpc/service-client.js';
import { correlationIdOf } from '../http/request-context.js';
import { SessionNearCache } from '../auth/session-near-cache.js';

export interface ResolvedSession {
  readonly session: SessionView;
  readonly user: UserView;
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Requests that may change the signed-in user: every unsafe method (update-user, change-email, …). The
 * session service then reads that user from identity for a few seconds, so the caller's next get-session
 * shows the change even before identity's event reaches the snapshot. (The verification link, a GET, tells
 * the session service itself with `refreshUser`, with or without a session cookie.)
 */
function mayChangeUser(request: Request): boolean {
  return !SAFE_METHODS.has(request.method);
}

/**
 * Resolves the request's session from its signed cookie, as every session-bearing endpoint does: a
 * cookie that no longer stands for a live session (bad signature, ended, user gone) is cleared; a
 * session extended on the way (past its update age) gets its cookie re-issued. Remember-me off
 * (the signed dont_remember marker) never extends.
 */
@Injectable()
export class CurrentSession {
  constructor(
    private readonly cookies: AuthCookies,
    private readonly services: ServiceClient,
    private readonly nearCache: SessionNearCache,
  ) {}

  async resolve(request: Request, response: Response, disableRefresh = false): Promise<ResolvedSession | null> {
    const { token, present, dontRemember } = this.cookies.read(request.headers.cookie);
    if (!token) {
      if (present) response.append('Set-Cookie', this.cookies.clear());
      return null;
    }
    const userMayChange = mayChangeUser(request);
    const cached = userMayChange ? undefined : this.nearCache.get(token, Date.now());
    if (cached) return cached.resolved;
    // One round trip: the session service answers with the user too (its snapshot of identity's users).
    const current = await this.services.call(SessionRpc.get, {
      token,
      correlationId: correlationIdOf(request),
      disableRefresh: disableRefresh || dontRemember,
      userMayChange: userMayChange || undefined,
    });
    if (!current) {
      this.nearCache.forgetToken(token);
      response.append('Set-Cookie', this.cookies.clear());
      return null;
    }
    if (current.refreshed) response.append('Set-Cookie', this.cookies.issue(current.session, true, new Date()));
    const resolved = { session: current.session, user: current.user };
    if (userMayChange) this.forgetUserNowAndWhenAnswered(resolved.user.id, response);
    else this.nearCache.put(token, resolved, Date.now());
    return resolved;
  }

  /** After the change too: a get-session running alongside may have cached the user as it was before. */
  private forgetUserNowAndWhenAnswered(userId: string, response: Response): void {
    this.nearCache.forgetUser(userId);
    response.once('finish', () => this.nearCache.forgetUser(userId));
  }

  /** For endpoints that need a session: 401 UNAUTHORIZED without one. */
  async require(request: Request, response: Response): Promise<ResolvedSession> {
    const resolved = await this.resolve(request, response);
    if (!resolved) throw new DomainError(RequestErrors.UNAUTHORIZED);
    return resolved;
  }
}
