import { IdentityRpc, SendVerificationEmailBody, VerifyEmailQuery } from '@authsvc/contracts';
import { DomainError } from '@authsvc/errors';
import { Body, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { Caller, sessionClientOf } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';
import { CurrentSession } from '../session/current-session.js';
import { SessionIssuer } from '../session/session-issuer.js';
import { AuthController } from './auth-controller.decorator.js';
import { withErrorParameter } from './callback-redirect.js';
import { redirectTo } from '../http/location.js';
import { CREDENTIAL_RULE, RateLimit } from '../rate-limit/rate-limit-rules.js';
import { mayLinkSignIn } from '../security/link-sign-in.js';

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
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  @WithSession({ optional: true })
  send(@Body() body: SendVerificationEmailBody, @Caller() { correlationId, user }: Caller): Promise<{ status: true }> {
    return this.services.call(IdentityRpc.sendVerificationEmail, { ...body, correlationId, actorId: user?.id });
  }

  /**
   * The link of the verification mail. With a callbackURL the browser goes there (`?error=CODE` when the link
   * is bad); without, `{status: true, user: null}` or the error as JSON. Only the verifying click signs in, only
   * a browser signed in as nobody (its session is read without extending it: never replaced by another user's),
   * and only when no other site started the navigation (`mayLinkSignIn`: login CSRF). A change-email link
   * followed by a browser signed in as another user changes nothing (401 `INVALID_USER`).
   */
  @Get('verify-email')
  async verify(
    @Query() query: VerifyEmailQuery,
    @Caller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res() response: FastifyReply,
  ): Promise<void> {
    try {
      const signIn = this.config.AUTO_SIGN_IN_AFTER_VERIFICATION && mayLinkSignIn(request.headers['sec-fetch-site']);
      const current = await this.currentSession.resolve(request, response, { disableRefresh: true });
      const answer = await this.services.call(IdentityRpc.verifyEmail, {
        ...query,
        ...sessionClientOf(caller, true),
        signIn,
        signedInUserId: current?.user.id,
      });
      if ('session' in answer) this.sessions.setCookies(answer, true, response);
    } catch (error) {
      const { callbackURL } = query;
      if (!callbackURL || !(error instanceof DomainError) || error.status >= 500) throw error;
      return redirectTo(response, withErrorParameter(callbackURL, error.code));
    }
    if (query.callbackURL) return redirectTo(response, query.callbackURL);
    response.send({ status: true, user: null });
  }
}
