import { IdentityRpc, type StartedSession, type UserView } from '@authsvc/contracts';
import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ServiceClient } from '../rpc/service-client.js';
import { AUTH_BASE_PATH } from './auth-base-path.js';
import { SignInEmailBody } from './dto/sign-in-email.body.js';
import { SignInUsernameBody } from './dto/sign-in-username.body.js';
import { SessionIssuer } from '../session/session-issuer.js';

export interface SignInAnswer {
  redirect: boolean;
  token: string;
  url?: string;
  user: UserView;
}

@Controller(AUTH_BASE_PATH)
export class SignInController {
  constructor(
    private readonly services: ServiceClient,
    private readonly sessions: SessionIssuer,
  ) {}

  @Post('sign-in/email')
  @HttpCode(200)
  async signInEmail(
    @Body() body: SignInEmailBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SignInAnswer> {
    const rememberMe = body.rememberMe !== false;
    const started = await this.services.call(IdentityRpc.signInWithEmail, {
      ...this.sessions.clientOf(request, rememberMe),
      email: body.email,
      password: body.password,
    });
    return this.signedIn(started, rememberMe, body.callbackURL, response);
  }

  @Post('sign-in/username')
  @HttpCode(200)
  async signInUsername(
    @Body() body: SignInUsernameBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SignInAnswer> {
    const rememberMe = body.rememberMe !== false;
    const started = await this.services.call(IdentityRpc.signInWithUsername, {
      ...this.sessions.clientOf(request, rememberMe),
      username: body.username,
      password: body.password,
    });
    return this.signedIn(started, rememberMe, body.callbackURL, response);
  }

  /**
   * `{redirect, token, url?, user}` and the session cookie; with a callbackURL the client navigates there
   * (`redirect: true`, and a Location header as the current client's server sends).
   */
  private signedIn(
    started: StartedSession,
    rememberMe: boolean,
    callbackURL: string | undefined,
    response: Response,
  ): SignInAnswer {
    this.sessions.setCookies(started, rememberMe, response);
    const { session, user } = started;
    if (!callbackURL) return { redirect: false, token: session.token, user };
    response.setHeader('Location', callbackURL);
    return { redirect: true, token: session.token, url: callbackURL, user };
  }
}
