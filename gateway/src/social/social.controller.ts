import { IdentityRpc, SignInSocialBody, type SocialCallbackReply, type UserView } from '@authsvc/contracts';
import { AdminErrors, DomainError } from '@authsvc/errors';
import { Body, Get, HttpCode, Inject, Logger, Param, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { Caller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { redirectTo } from '../http/location.js';
import { CREDENTIAL_RULE, RateLimit } from '../rate-limit/rate-limit-rules.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AuthCookies } from '../session/auth-cookies.js';
import { SessionIssuer } from '../session/session-issuer.js';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { AUTH_BASE_PATH } from '../auth/auth-base-path.js';
import { withErrorParameter } from '../auth/callback-redirect.js';
import { authorizationAnswer } from './authorization-answer.js';
import { SocialCallbackFields } from './social-callback.fields.js';
import { TwoFactorCookies, type TwoFactorRedirect } from '../two-factor/two-factor-cookies.js';

const sameState = (a: string | undefined, b: string): boolean =>
  a !== undefined && a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/** Social sign-in: the redirect to the provider, and the provider's callback that signs the browser in. */
@AuthController()
export class SocialController {
  private readonly logger = new Logger(SocialController.name);

  constructor(
    private readonly services: ServiceClient,
    private readonly cookies: AuthCookies,
    private readonly sessions: SessionIssuer,
    private readonly twoFactor: TwoFactorCookies,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * The redirect branch: `{url, redirect: true}` and a Location, or with `disableRedirect` `{url, redirect: false}`,
   * and the state cookie. With `idToken`: `{redirect: false, token, user}` and the session cookie.
   */
  @Post('sign-in/social')
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  async signIn(
    @Body() body: SignInSocialBody,
    @Caller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<
    { url: string; redirect: boolean } | { redirect: false; token: string; user: UserView } | TwoFactorRedirect
  > {
    if (body.idToken !== undefined) {
      const started = await this.services.call(IdentityRpc.signInWithIdToken, {
        ...body.idToken,
        ...this.twoFactor.firstFactorClientOf(caller, request, true),
        provider: body.provider,
        requestSignUp: body.requestSignUp,
      });
      return this.twoFactor.answerSignIn(started, true, response, ({ session, user }) => ({
        redirect: false as const,
        token: session.token,
        user,
      }));
    }
    const { correlationId } = caller;
    const authorization = await this.services.call(IdentityRpc.startSocialSignIn, {
      provider: body.provider,
      callbackURL: body.callbackURL,
      errorCallbackURL: body.errorCallbackURL,
      newUserCallbackURL: body.newUserCallbackURL,
      requestSignUp: body.requestSignUp,
      scopes: body.scopes,
      loginHint: body.loginHint,
      additionalParams: body.additionalParams,
      correlationId,
    });
    return authorizationAnswer(authorization, body.disableRedirect, this.cookies, response);
  }

  /** Apple's form_post: the same fields, as a GET, so that the browser sends its Lax cookies with them. */
  @Post('callback/:id')
  formPost(
    @Param('id') id: string,
    @Query() query: SocialCallbackFields,
    @Body() body: SocialCallbackFields,
    @Res() response: FastifyReply,
  ): void {
    const fields = Object.entries({ ...query, ...body }).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    );
    redirectTo(response, `${this.authBase()}/callback/${encodeURIComponent(id)}?${new URLSearchParams(fields)}`);
  }

  /** The browser's session, if any, is resolved: a link-social flow finishes only for the user who started it. */
  @Get('callback/:id')
  @WithSession({ optional: true })
  async callback(
    @Param('id') id: string,
    @Query() query: SocialCallbackFields,
    @Caller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res() response: FastifyReply,
  ): Promise<void> {
    if (!query.state) return redirectTo(response, withErrorParameter(`${this.authBase()}/error`, 'state_not_found'));
    const stateCookieMatches = sameState(this.cookies.readState(request.headers.cookie), query.state);
    const reply = await this.services.call(IdentityRpc.finishSocialSignIn, {
      providerId: id,
      state: query.state,
      stateCookieMatches,
      signedInUserId: caller.user?.id,
      code: query.code,
      error: query.error,
      errorDescription: query.error_description,
      iss: query.iss,
      deviceId: query.device_id,
      user: query.user,
      trustedDevice: this.twoFactor.trustedDeviceOf(request),
      correlationId: caller.correlationId,
    });
    // The flow is over once its own browser came back: the cookie goes with it.
    if (stateCookieMatches) response.header('Set-Cookie', this.cookies.clearState());
    redirectTo(response, await this.signedIn(reply, caller, response));
  }

  /**
   * Starts the session of a resolved sign-in; where the browser goes next. The browser is in the middle of a
   * redirect from the provider, so a session that cannot start, even because the session service is down, sends it
   * to the app's error page with `unable_to_create_session` (1.7 answers a failing store with a JSON 500 the user
   * would see raw); the failure of ours is logged.
   */
  private async signedIn(reply: SocialCallbackReply, caller: Caller, response: FastifyReply): Promise<string> {
    // Stricter than 1.7, whose social sign-ins skip the second factor: on to the page where it is entered.
    if (reply.challenge !== undefined) {
      return this.twoFactor.redirectToSecondStep(reply.challenge, reply.redirect, response);
    }
    if (reply.user === undefined) return reply.redirect;
    try {
      await this.sessions.issue(reply.user, true, caller, response, { newUser: reply.newUser === true });
      return reply.redirect;
    } catch (error) {
      if (!(error instanceof DomainError) || error.status >= 500) {
        this.logger.error(`social sign-in without a session (correlation ${caller.correlationId}): ${String(error)}`);
      }
      const banned = error instanceof DomainError && error.code === AdminErrors.BANNED_USER.code;
      return withErrorParameter(
        reply.errorURL ?? `${this.authBase()}/error`,
        banned ? 'banned' : 'unable_to_create_session',
      );
    }
  }

  private authBase(): string {
    return `${this.config.BASE_URL.origin}${AUTH_BASE_PATH}`;
  }
}
