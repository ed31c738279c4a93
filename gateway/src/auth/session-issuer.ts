import { SessionRpc, type SessionView, type UserView } from '@authsvc/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuthCookies } from '../cookies/auth-cookies.js';
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

  /** `newUser`: the user was registered by this request. */
  async issue(
    user: UserView,
    rememberMe: boolean,
    request: Request,
    response: Response,
    { newUser = false } = {},
  ): Promise<SessionView> {
    const session = await this.services.call(SessionRpc.create, {
      correlationId: correlationIdOf(request),
      actorId: user.id,
      user,
      ipAddress: clientIpOf(request, this.config.IP_ADDRESS_HEADER),
      userAgent: userAgentOf(request),
      rememberMe,
      newUser,
    });
    const now = new Date();
    response.append('Set-Cookie', this.cookies.issue(session, rememberMe, now));
    this.cookieCache.store(response, { session, user }, now);
    return session;
  }
}
