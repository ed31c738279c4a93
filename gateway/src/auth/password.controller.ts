import { IdentityRpc, SessionRpc, type UserView } from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { AuthCookies } from '../session/auth-cookies.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AUTH_BASE_PATH } from './auth-base-path.js';
import { CurrentSession } from '../session/current-session.js';
import {
  ChangePasswordBody,
  RequestPasswordResetBody,
  ResetPasswordBody,
  ResetPasswordLinkQueryParams,
  ResetPasswordQueryParams,
  VerifyPasswordBody,
} from './dto/password.bodies.js';
import { SessionIssuer } from '../session/session-issuer.js';
import { correlationIdOf } from '../http/request-context.js';

/** Password reset by mailed link and password change; set-password is deliberately not routed (NATS only). */
@Controller(AUTH_BASE_PATH)
export class PasswordController {
  constructor(
    private readonly services: ServiceClient,
    private readonly currentSession: CurrentSession,
    private readonly sessions: SessionIssuer,
    private readonly cookies: AuthCookies,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** `forget-password` is the older name of the same endpoint, kept for clients that still call it. */
  @Post(['request-password-reset', 'forget-password'])
  @HttpCode(200)
  requestReset(
    @Body() body: RequestPasswordResetBody,
    @Req() request: Request,
  ): Promise<{ status: true; message: string }> {
    return this.services.call(IdentityRpc.requestPasswordReset, {
      correlationId: correlationIdOf(request),
      email: body.email,
      redirectTo: body.redirectTo,
    });
  }

  /** The mailed link: on to the app's page with `?token=`, or with `?error=INVALID_TOKEN`. It does not use the token up. */
  @Get('reset-password/:token')
  async followResetLink(
    @Param('token') token: string,
    @Query() query: ResetPasswordLinkQueryParams,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const { valid } = await this.services.call(IdentityRpc.checkPasswordResetToken, {
      correlationId: correlationIdOf(request),
      token,
    });
    const target = new URL(query.callbackURL, this.config.BASE_URL);
    if (valid) target.searchParams.set('token', token);
    else target.searchParams.set('error', AuthErrors.INVALID_TOKEN.code);
    response.redirect(302, target.toString());
  }

  @Post('reset-password')
  @HttpCode(200)
  resetPassword(
    @Body() body: ResetPasswordBody,
    @Query() query: ResetPasswordQueryParams,
    @Req() request: Request,
  ): Promise<{ status: true }> {
    const token = body.token ?? query.token;
    if (!token) throw new DomainError(AuthErrors.INVALID_TOKEN);
    return this.services.call(IdentityRpc.resetPassword, {
      correlationId: correlationIdOf(request),
      token,
      newPassword: body.newPassword,
    });
  }

  /**
   * With `revokeOtherSessions` every session of the user ends, this one included, and a new one replaces it:
   * `{token: <new token>, user}` with its cookie; otherwise `{token: null, user}`.
   */
  @Post('change-password')
  @HttpCode(200)
  async changePassword(
    @Body() body: ChangePasswordBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ token: string | null; user: UserView }> {
    const { user: current } = await this.currentSession.require(request, response);
    const correlationId = correlationIdOf(request);
    const user = await this.services.call(IdentityRpc.changePassword, {
      correlationId,
      actorId: current.id,
      userId: current.id,
      currentPassword: body.currentPassword,
      newPassword: body.newPassword,
    });
    if (!body.revokeOtherSessions) return { token: null, user };
    await this.services.call(SessionRpc.revokeForUser, { correlationId, actorId: user.id, userId: user.id });
    const remember = !this.cookies.read(request.headers.cookie).dontRemember;
    const session = await this.sessions.issue(user, remember, request, response);
    return { token: session.token, user };
  }

  /** Re-authentication before sensitive steps in the app: `{status: true}` or 400 INVALID_PASSWORD. */
  @Post('verify-password')
  @HttpCode(200)
  async verifyPassword(
    @Body() body: VerifyPasswordBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ status: true }> {
    const { user } = await this.currentSession.require(request, response);
    return this.services.call(IdentityRpc.checkPassword, {
      correlationId: correlationIdOf(request),
      actorId: user.id,
      userId: user.id,
      password: body.password,
    });
  }
}
