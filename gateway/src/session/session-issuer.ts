import { SessionRpc, type SessionView, type StartedSession, type UserView } from '@authsvc/contracts';
import { Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sessionClientOf, type Caller } from '../http/caller.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AuthCookies } from './auth-cookies.js';
import { SessionCookieCache } from './session-cookie-cache.js';

/** Starts a session for a user who just proved who they are, and sets its cookies on the response. */
@Injectable()
export class SessionIssuer {
  constructor(
    private readonly services: ServiceClient,
    private readonly cookies: AuthCookies,
    private readonly cookieCache: SessionCookieCache,
  ) {}

  /** `newUser`: the user was registered by this request. */
  async issue(
    user: UserView,
    rememberMe: boolean,
    caller: Caller,
    response: FastifyReply,
    { newUser = false } = {},
  ): Promise<SessionView> {
    const started = await this.services.call(SessionRpc.create, {
      ...sessionClientOf(caller, rememberMe),
      actorId: user.id,
      user,
      newUser,
    });
    this.setCookies(started, rememberMe, response);
    return started.session;
  }

  /**
   * Sets the cookies of the caller's session again after a change to its user, as the reference does: a cached
   * session_data then carries the changed user, and the session cookie keeps the browser's remember-me choice.
   */
  refreshCookies(request: FastifyRequest, session: SessionView, user: UserView, response: FastifyReply): void {
    const rememberMe = !this.cookies.read(request.headers.cookie).dontRemember;
    this.setCookies({ session, user }, rememberMe, response);
  }

  /** The cookies of a session just started (by `issue`, or by a request that identity handed on). */
  setCookies({ session, user }: StartedSession, rememberMe: boolean, response: FastifyReply): void {
    const now = new Date();
    response.header('Set-Cookie', this.cookies.issue(session, rememberMe, now));
    this.cookieCache.store(response, { session, user }, now);
  }
}
