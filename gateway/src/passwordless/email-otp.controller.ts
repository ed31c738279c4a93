import {
  CheckEmailOtpBody,
  PasswordlessRpc,
  RequestPasswordResetOtpBody,
  ResetPasswordOtpBody,
  SendEmailOtpBody,
  SignInEmailOtpBody,
  VerifyEmailOtpBody,
  type UserView,
} from '@authsvc/contracts';
import { DomainError, PasswordlessErrors } from '@authsvc/errors';
import { Body, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { Caller, sessionClientOf } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { CREDENTIAL_RULE, RateLimit } from '../rate-limit/rate-limit-rules.js';
import { ServiceClient } from '../rpc/service-client.js';
import { SessionIssuer } from '../session/session-issuer.js';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { TwoFactorCookies, type TwoFactorRedirect } from '../two-factor/two-factor-cookies.js';

/**
 * better-auth's emailOTP: mailed 6-digit codes to sign in, verify the address or reset the password. Every route
 * sends mail or takes a code, so each has the credential rate limit per client; identity keeps the per-address
 * budget of wrong codes.
 */
@AuthController()
export class EmailOtpController {
  constructor(
    private readonly services: ServiceClient,
    private readonly sessions: SessionIssuer,
    private readonly twoFactor: TwoFactorCookies,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('email-otp/send-verification-otp')
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  send(@Body() body: SendEmailOtpBody, @Caller() { correlationId }: Caller): Promise<{ success: true }> {
    return this.services.call(PasswordlessRpc.sendEmailOtp, { ...body, correlationId });
  }

  @Post('email-otp/check-verification-otp')
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  check(@Body() body: CheckEmailOtpBody, @Caller() { correlationId }: Caller): Promise<{ success: true }> {
    return this.services.call(PasswordlessRpc.checkEmailOtp, { ...body, correlationId });
  }

  @Post('sign-in/email-otp')
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  async signIn(
    @Body() body: SignInEmailOtpBody,
    @Caller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<{ token: string; user: UserView } | TwoFactorRedirect> {
    const started = await this.services.call(PasswordlessRpc.signInWithEmailOtp, {
      ...body,
      ...this.twoFactor.firstFactorClientOf(caller, request, true),
    });
    return this.twoFactor.answerSignIn(started, true, response, ({ session, user }) => ({
      token: session.token,
      user,
    }));
  }

  /** With AUTO_SIGN_IN_AFTER_VERIFICATION the code signs in, as the verification link does. */
  @Post('email-otp/verify-email')
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  async verifyEmail(
    @Body() body: VerifyEmailOtpBody,
    @Caller() caller: Caller,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<{ status: true; token: string | null; user: UserView }> {
    const answer = await this.services.call(PasswordlessRpc.verifyEmailWithOtp, {
      ...body,
      ...sessionClientOf(caller, true),
      signIn: this.config.AUTO_SIGN_IN_AFTER_VERIFICATION,
    });
    if (!('session' in answer)) return { status: true, token: null, user: answer.user };
    this.sessions.setCookies(answer, true, response);
    return { status: true, token: answer.session.token, user: answer.user };
  }

  @Post('email-otp/request-password-reset')
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  requestPasswordReset(
    @Body() body: RequestPasswordResetOtpBody,
    @Caller() { correlationId }: Caller,
  ): Promise<{ success: true }> {
    return this.services.call(PasswordlessRpc.sendEmailOtp, { ...body, type: 'forget-password', correlationId });
  }

  /** The reference's deprecated name of request-password-reset, kept for older clients. */
  @Post('forget-password/email-otp')
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  forgetPassword(@Body() body: RequestPasswordResetOtpBody, @Caller() caller: Caller): Promise<{ success: true }> {
    return this.requestPasswordReset(body, caller);
  }

  @Post('email-otp/reset-password')
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  resetPassword(@Body() body: ResetPasswordOtpBody, @Caller() { correlationId }: Caller): Promise<{ success: true }> {
    return this.services.call(PasswordlessRpc.resetPasswordWithOtp, { ...body, correlationId });
  }

  /** Changing the address by code is off, as the reference's default: signed in, the answer says so. */
  @Post('email-otp/request-email-change')
  @WithSession()
  @HttpCode(200)
  requestEmailChange(): never {
    throw new DomainError(PasswordlessErrors.CHANGE_EMAIL_WITH_OTP_IS_DISABLED);
  }

  @Post('email-otp/change-email')
  @WithSession()
  @HttpCode(200)
  changeEmail(): never {
    throw new DomainError(PasswordlessErrors.CHANGE_EMAIL_WITH_OTP_IS_DISABLED);
  }
}
