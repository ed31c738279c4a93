import {
  IdentityRpc,
  SignInEmailBody,
  SignInUsernameBody,
  type StartedSession,
  type TwoFactorChallenge,
  type UserView,
} from '@authsvc/contracts';
import { Body, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Caller } from '../http/caller.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AuthController } from './auth-controller.decorator.js';
import { locationOf } from '../http/location.js';
import { CREDENTIAL_RULE, RateLimit } from '../rate-limit/rate-limit-rules.js';
import { TwoFactorCookies, type TwoFactorRedirect } from '../two-factor/two-factor-cookies.js';

export interface SignInAnswer {
  redirect: boolean;
  token: string;
  url?: string;
  user: UserView;
}

@AuthController()
export class SignInController {
  constructor(
    private readonly services: ServiceClient,
    private readonly twoFactor: TwoFactorCookies,
  ) {}

  @Post('sign-in/email')
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  async signInEmail(
    @Body() body: SignInEmailBody,
    @Caller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<SignInAnswer | TwoFactorRedirect> {
    const started = await this.services.call(IdentityRpc.signInWithEmail, {
      ...body,
      ...this.twoFactor.firstFactorClientOf(caller, request, body.rememberMe !== false),
    });
    return this.signedIn(started, body, response);
  }

  @Post('sign-in/username')
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  async signInUsername(
    @Body() body: SignInUsernameBody,
    @Caller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<SignInAnswer | TwoFactorRedirect> {
    const started = await this.services.call(IdentityRpc.signInWithUsername, {
      ...body,
      ...this.twoFactor.firstFactorClientOf(caller, request, body.rememberMe !== false),
    });
    return this.signedIn(started, body, response);
  }

  /**
   * `{redirect, token, url?, user}` and the session cookie, or the second step for a two-factor user; with a callbackURL the client navigates there
   * (`redirect: true`, and a Location header as the current client's server sends).
   */
  private signedIn(
    started: StartedSession | TwoFactorChallenge,
    { callbackURL, rememberMe }: SignInEmailBody | SignInUsernameBody,
    response: FastifyReply,
  ): SignInAnswer | TwoFactorRedirect {
    return this.twoFactor.answerSignIn(started, rememberMe !== false, response, ({ session, user }) => {
      if (!callbackURL) return { redirect: false, token: session.token, user };
      response.header('Location', locationOf(callbackURL));
      return { redirect: true, token: session.token, url: callbackURL, user };
    });
  }
}
