import { SessionRpc } from '@authsvc/contracts';
import { DomainError, RequestErrors } from '@authsvc/errors';
import { Controller, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthCookies } from '../session/auth-cookies.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AUTH_BASE_PATH } from './auth-base-path.js';
import { CurrentSession } from '../session/current-session.js';
import { GetSessionQueryParams } from './dto/get-session.query.js';
import { SessionCookieCache } from '../session/session-cookie-cache.js';
import { correlationIdOf } from '../http/request-context.js';
import { JwtIssuer } from '../jwt/jwt-issuer.js';
import { sendGetSessionAnswer } from '../session/get-session-answer.js';

@Controller(AUTH_BASE_PATH)
export class SessionController {
  constructor(
    private readonly currentSession: CurrentSession,
    private readonly services: ServiceClient,
    private readonly cookies: AuthCookies,
    private readonly cookieCache: SessionCookieCache,
    private readonly jwtIssuer: JwtIssuer,
  ) {}

  /**
   * `{session, user}` or the JSON literal `null` (`sendGetSessionAnswer`). With the cookie cache on, a valid
   * session_data cookie answers without asking the services. A session read from the store also gets its JWT in
   * `set-auth-jwt` (not a cookie-cache answer, as the reference).
   */
  @Get('get-session')
  async getSession(
    @Query() query: GetSessionQueryParams,
    @Req() request: FastifyRequest,
    @Res() response: FastifyReply,
  ): Promise<void> {
    response.header('Cache-Control', 'no-store');
    const now = new Date();
    const cached = this.cookieCache.answer(request, response, now, query.disableCookieCache === 'true');
    if (cached !== undefined) return void response.code(200).send(cached);
    const current = await this.currentSession.resolve(request, response, {
      disableRefresh: query.disableRefresh === 'true',
    });
    if (current) this.cookieCache.store(response, current, now);
    await sendGetSessionAnswer(response, this.jwtIssuer, current);
  }

  @Post('get-session')
  getSessionByPost(): never {
    throw new DomainError(RequestErrors.METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED);
  }

  /** Ends the session if there is one; always clears the cookies and answers success. */
  @Post('sign-out')
  @HttpCode(200)
  async signOut(
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<{ success: true }> {
    const { token } = this.cookies.read(request.headers.cookie);
    if (token) await this.services.call(SessionRpc.revoke, { token, correlationId: correlationIdOf(request) });
    response.header('Set-Cookie', this.cookies.clear());
    return { success: true };
  }
}
