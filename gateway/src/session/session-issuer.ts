import {
  SessionRpc,
  type SessionClientRequest,
  type SessionView,
  type StartedSession,
  type UserView,
} from '@authsvc/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthCookies } from './auth-cookies.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { correlationIdOf, clientIpOf, userAgentOf } from '../http/request-context.js';
import { ServiceClient } from '../rpc/service-client.js';
import { SessionCookieCache } from './session-cookie-cache.js';

/** Starts a session for a user who just proved who they are, and sets its cookies on the response. */
@Injectable()
export class SessionIssuer {
  constructor(
    private readonly services: ServiceClient,
    private readonly cookies: AuthCookies,
    private readonly cookieCache: SessionCookieCache,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** What a new session records of the client behind this HTTP request. */
  clientOf(request: FastifyRequest, rememberMe: boolean): SessionClientRequest {
    return {
      correlationId: correlationIdOf(request),
      ipAddress: clientIpOf(request, this.config.IP_ADDRESS_HEADER),
      userAgent: userAgentOf(request),
      rememberMe,
    };
  }

  /** `newUser`: the user was registered by this request. */
  async issue(
    user: UserView,
    rememberMe: boolean,
    request: FastifyRequest,
    response: FastifyReply,
    { newUser = false } = {},
  ): Promise<SessionView> {
    const started = await this.services.call(SessionRpc.create, {
      ...this.clientOf(request, rememberMe),
      actorId: user.id,
      user,
      newUser,
    });
    this.setCookies(started, rememberMe, response);
    return started.session;
  }

  /** The cookies of a session just started (by `issue`, or by a sign-in that identity handed on). */
  setCookies({ session, user }: StartedSession, rememberMe: boolean, response: FastifyReply): void {
    const now = new Date();
    response.header('Set-Cookie', this.cookies.issue(session, rememberMe, now));
    this.cookieCache.store(response, { session, user }, now);
  }
}
