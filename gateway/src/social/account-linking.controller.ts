import { IdentityRpc, SignInSocialBody, UnlinkAccountBody } from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { Body, HttpCode, Inject, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { asUser, Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AuthCookies } from '../session/auth-cookies.js';
import { isSessionFresh } from '../session/session-freshness.js';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { authorizationAnswer } from './authorization-answer.js';

type LinkAnswer = { url: string; redirect: boolean } | { url: ''; status: true; redirect: false };

/** The signed-in user's provider accounts: link one (link-social), unlink one (unlink-account). */
@AuthController()
export class AccountLinkingController {
  constructor(
    private readonly services: ServiceClient,
    private readonly cookies: AuthCookies,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * The body of sign-in/social (its new-user page unused: a link makes no user). The redirect branch answers as
   * sign-in/social does and its callback links the account to the caller, then sends the browser to callbackURL
   * without a new session; with `idToken`: `{url: "", status: true, redirect: false}`.
   */
  @Post('link-social')
  @HttpCode(200)
  @WithSession()
  async linkSocial(
    @Body() body: SignInSocialBody,
    @Caller() caller: SignedInCaller,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<LinkAnswer> {
    const { provider } = body;
    if (body.idToken !== undefined) {
      await this.services.call(IdentityRpc.linkWithIdToken, { ...body.idToken, ...asUser(caller), provider });
      return { url: '', status: true, redirect: false };
    }
    const authorization = await this.services.call(IdentityRpc.startSocialLink, {
      ...asUser(caller),
      provider,
      callbackURL: body.callbackURL,
      errorCallbackURL: body.errorCallbackURL,
      requestSignUp: body.requestSignUp,
      scopes: body.scopes,
      loginHint: body.loginHint,
      additionalParams: body.additionalParams,
    });
    return authorizationAnswer(authorization, body.disableRedirect, this.cookies, response);
  }

  /** `{status: true}`; like the reference, only with a fresh session (403 SESSION_NOT_FRESH). */
  @Post('unlink-account')
  @HttpCode(200)
  @WithSession()
  unlinkAccount(@Body() body: UnlinkAccountBody, @Caller() caller: SignedInCaller): Promise<{ status: true }> {
    if (!isSessionFresh(caller.session.createdAt, new Date(), this.config.SESSION_FRESH_AGE)) {
      throw new DomainError(AuthErrors.SESSION_NOT_FRESH);
    }
    return this.services.call(IdentityRpc.unlinkAccount, { ...body, ...asUser(caller) });
  }
}
