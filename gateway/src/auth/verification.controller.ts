import { IdentityRpc, SendVerificationEmailBody, SessionRpc, VerifyEmailQuery } from '@authsvc/contracts';
import { DomainError } from '@authsvc/errors';
import { Body, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { Caller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';
import { CurrentSession } from '../session/current-session.js';
import { SessionIssuer } from '../session/session-issuer.js';
import { AuthController } from './auth-controller.decorator.js';
import { withErrorParameter } from './callback-redirect.js';

@AuthController()
export class VerificationController {
  constructor(
    private readonly services: ServiceClient,
    private readonly currentSession: CurrentSession,
    private readonly sessions: SessionIssuer,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Signed in: only to your own unverified address. Anonymous: `{status: true}` whatever the address. */
  @Post('send-verification-email')
  @HttpCode(200)
  @WithSession({ optional: true })
  send(@Body() body: SendVerificationEmailBody, @Caller() { correlationId, user }: Caller): Promise<{ status: true }> {
    return this.services.call(IdentityRpc.sendVerificationEmail, { ...body, correlationId, actorId: user?.id });
  }

  /**
   * The link of the verification mail. With a callbackURL the browser goes there (`?error=CODE` when the link
   * is bad); without, `{status: true, user: null}` or the error as JSON. Only the verifying click signs in.
   */
  @Get('verify-email')
  async verify(
    @Query() query: VerifyEmailQuery,
    @Caller() { correlationId }: Caller,
    @Req() request: FastifyRequest,
    @Res() response: FastifyReply,
  ): Promise<void> {
    try {
      const { user, verifiedNow } = await this.services.call(IdentityRpc.verifyEmail, { ...query, correlationId });
      // The link may have changed the user (verified, new email), perhaps clicked without their session cookie:
      // the next get-session of any of their sessions must show it before identity's event arrives.
      await this.services.call(SessionRpc.refreshUser, { correlationId, userId: user.id });
      if (verifiedNow && this.config.AUTO_SIGN_IN_AFTER_VERIFICATION) {
        const current = await this.currentSession.resolve(request, response, true);
        if (current?.user.id !== user.id) await this.sessions.issue(user, true, request, response);
      }
    } catch (error) {
      const { callbackURL } = query;
      if (!callbackURL || !(error instanceof DomainError) || error.status >= 500) throw error;
      return void response.redirect(withErrorParameter(callbackURL, error.code), 302);
    }
    if (query.callbackURL) return void response.redirect(query.callbackURL, 302);
    response.send({ status: true, user: null });
  }
}
