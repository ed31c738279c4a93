import {
  ChangePasswordBody,
  IdentityRpc,
  RequestPasswordResetBody,
  ResetPasswordBody,
  VerifyPasswordBody,
  type UserView,
} from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { Body, Get, HttpCode, Inject, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { asUser, Caller, sessionClientOf, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AuthCookies } from '../session/auth-cookies.js';
import { SessionIssuer } from '../session/session-issuer.js';
import { AuthController } from './auth-controller.decorator.js';
import { ResetPasswordLinkQueryParams, ResetPasswordQueryParams } from './dto/reset-password.queries.js';
import { redirectTo } from '../http/location.js';
import { CREDENTIAL_RULE, RateLimit } from '../rate-limit/rate-limit-rules.js';
import { WEB_RESET_PASSWORD_PAGE } from '../web/web-client-pages.js';

/** Password reset by mailed link and password change; set-password is deliberately not routed (NATS only). */
@AuthController()
export class PasswordController {
  constructor(
    private readonly services: ServiceClient,
    private readonly sessions: SessionIssuer,
    private readonly cookies: AuthCookies,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** `forget-password` is the older name of the same endpoint, kept for clients that still call it. */
  @Post(['request-password-reset', 'forget-password'])
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  requestReset(
    @Body() body: RequestPasswordResetBody,
    @Caller() { correlationId }: Caller,
  ): Promise<{ status: true; message: string }> {
    return this.services.call(IdentityRpc.requestPasswordReset, { ...body, correlationId });
  }

  /**
   * The mailed link: on to the app's page with `?token=`, or with `?error=INVALID_TOKEN`. It does not use the token
   * up. A link mailed without `redirectTo` (an empty callbackURL) lands on our web client's reset screen, where 1.7
   * sends the browser to its `/error` page.
   */
  @Get('reset-password/:token')
  @RateLimit(CREDENTIAL_RULE)
  async followResetLink(
    @Param('token') token: string,
    @Query() query: ResetPasswordLinkQueryParams,
    @Caller() { correlationId }: Caller,
    @Res() response: FastifyReply,
  ): Promise<void> {
    const { valid } = await this.services.call(IdentityRpc.checkPasswordResetToken, { correlationId, token });
    const target = new URL(query.callbackURL || WEB_RESET_PASSWORD_PAGE, this.config.BASE_URL);
    if (valid) target.searchParams.set('token', token);
    else target.searchParams.set('error', AuthErrors.INVALID_TOKEN.code);
    redirectTo(response, target.toString());
  }

  @Post('reset-password')
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  resetPassword(
    @Body() body: ResetPasswordBody,
    @Query() query: ResetPasswordQueryParams,
    @Caller() { correlationId }: Caller,
  ): Promise<{ status: true }> {
    const token = body.token ?? query.token;
    if (!token) throw new DomainError(AuthErrors.INVALID_TOKEN);
    return this.services.call(IdentityRpc.resetPassword, { correlationId, token, newPassword: body.newPassword });
  }

  /**
   * With `revokeOtherSessions` every session of the user ends, this one included, and a new one replaces it:
   * `{token: <new token>, user}` with its cookie; otherwise `{token: null, user}`.
   */
  @Post('change-password')
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  @WithSession({ changesUser: true })
  async changePassword(
    @Body() body: ChangePasswordBody,
    @Caller() caller: SignedInCaller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<{ token: string | null; user: UserView }> {
    const rememberMe = !this.cookies.read(request.headers.cookie).dontRemember;
    const client = sessionClientOf(caller, rememberMe);
    const changed = await this.services.call(IdentityRpc.changePassword, { ...body, ...client, ...asUser(caller) });
    if (changed.session === null) return { token: null, user: changed.user };
    this.sessions.setCookies(changed, rememberMe, response);
    return { token: changed.session.token, user: changed.user };
  }

  /** Re-authentication before sensitive steps in the app: `{status: true}` or 400 INVALID_PASSWORD. */
  @Post('verify-password')
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  @WithSession()
  verifyPassword(@Body() body: VerifyPasswordBody, @Caller() caller: SignedInCaller): Promise<{ status: true }> {
    return this.services.call(IdentityRpc.checkPassword, { ...body, ...asUser(caller), ipAddress: caller.ipAddress });
  }
}
