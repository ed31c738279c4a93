import {
  MagicLinkQuery,
  PasswordlessRpc,
  SendMagicLinkBody,
  type StartedSession,
  type TwoFactorChallenge,
} from '@authsvc/contracts';
import { DomainError, PasswordlessErrors, RequestErrors } from '@authsvc/errors';
import { Body, Get, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { Caller } from '../http/caller.js';
import { redirectTo } from '../http/location.js';
import { CREDENTIAL_RULE, RateLimit } from '../rate-limit/rate-limit-rules.js';
import { ServiceClient } from '../rpc/service-client.js';
import { mayLinkSignIn } from '../security/link-sign-in.js';
import { SessionIssuer } from '../session/session-issuer.js';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { withErrorParameter } from '../auth/callback-redirect.js';
import { TwoFactorCookies } from '../two-factor/two-factor-cookies.js';
import { isPrefetchableNavigation, MAGIC_LINK_PAGE_POLICY, magicLinkLandingPage } from './magic-link-landing.js';

/**
 * better-auth's magicLink: `/sign-in/magic-link` mails a link (the three URLs are checked by the origin guard
 * first), `/magic-link/verify` spends it. The answers never tell whether the address has an account.
 */
@AuthController()
export class MagicLinkController {
  constructor(
    private readonly services: ServiceClient,
    private readonly sessions: SessionIssuer,
    private readonly twoFactor: TwoFactorCookies,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post('sign-in/magic-link')
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  send(@Body() body: SendMagicLinkBody, @Caller() { correlationId }: Caller): Promise<{ status: true }> {
    return this.services.call(PasswordlessRpc.sendMagicLink, { ...body, correlationId });
  }

  /**
   * A browser that opens the mailed link gets a page whose button confirms by POST, so that a mail scanner
   * fetching every link it sees spends nothing (weak spot 9); a client's fetch (the better-auth client, an app's
   * server) and the confirming POST spend the token: `{token, user, session}` without a callbackURL, a redirect
   * with one, and a redirect with `?error=` whatever went wrong with the token.
   */
  @Get('magic-link/verify')
  @RateLimit(CREDENTIAL_RULE)
  async verify(
    @Query() query: MagicLinkQuery,
    @Caller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res() response: FastifyReply,
  ): Promise<void> {
    if (isPrefetchableNavigation(request.headers)) {
      void response
        .header('Cache-Control', 'no-store')
        .header('Content-Security-Policy', MAGIC_LINK_PAGE_POLICY)
        .type('text/html; charset=utf-8');
      return void response.send(magicLinkLandingPage(request.url));
    }
    return this.spend(query, caller, request, response);
  }

  /**
   * The landing page's confirmation. A form another site submits would sign the browser in to the account of the
   * attacker's link (login CSRF): only our own page (`Sec-Fetch-Site: same-origin`) or a client without Fetch
   * Metadata may confirm.
   */
  @Post('magic-link/verify')
  @RateLimit(CREDENTIAL_RULE)
  confirm(
    @Query() query: MagicLinkQuery,
    @Caller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res() response: FastifyReply,
  ): Promise<void> {
    if (!mayLinkSignIn(request.headers['sec-fetch-site'])) {
      throw new DomainError(RequestErrors.CROSS_SITE_NAVIGATION_LOGIN_BLOCKED);
    }
    return this.spend(query, caller, request, response);
  }

  /** A two-factor user's link leads to the second step (the TWO_FACTOR_PAGE with a callbackURL, else its JSON). */
  private async spend(
    query: MagicLinkQuery,
    caller: Caller,
    request: FastifyRequest,
    response: FastifyReply,
  ): Promise<void> {
    let started: StartedSession | TwoFactorChallenge;
    try {
      started = await this.services.call(PasswordlessRpc.verifyMagicLink, {
        token: query.token,
        ...this.twoFactor.firstFactorClientOf(caller, request, true),
      });
    } catch (error) {
      if (!(error instanceof DomainError) || error.status >= 500) throw error;
      const target = query.errorCallbackURL ?? query.callbackURL ?? '/';
      return redirectTo(response, withErrorParameter(this.resolved(target), errorParameterOf(error)));
    }
    const { callbackURL } = query;
    if (!callbackURL) {
      const answer = this.twoFactor.answerSignIn(started, true, response, ({ session, user }) => ({
        token: session.token,
        user,
        session,
      }));
      return void response.send(answer);
    }
    if ('twoFactorRedirect' in started) {
      return redirectTo(response, this.twoFactor.redirectToSecondStep(started, callbackURL, response));
    }
    this.sessions.setCookies(started, true, response);
    const target = started.newUser && query.newUserCallbackURL ? query.newUserCallbackURL : callbackURL;
    redirectTo(response, this.resolved(target));
  }

  /** A relative callback URL as the reference sends it: resolved against the base URL. */
  private resolved(url: string): string {
    return new URL(url, this.config.BASE_URL).toString();
  }
}

/** The `error` query parameter of a failed link, in the reference's spelling. */
function errorParameterOf(error: DomainError): string {
  return error.code === PasswordlessErrors.NEW_USER_SIGNUP_DISABLED.code ? 'new_user_signup_disabled' : 'INVALID_TOKEN';
}
