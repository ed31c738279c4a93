import { IdentityRpc, type UserView } from '@authsvc/contracts';
import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ServiceClient } from '../rpc/service-client.js';
import { AUTH_BASE_PATH } from './auth-base-path.js';
import { SignInEmailBody } from './dto/sign-in-email.body.js';
import { SignInUsernameBody } from './dto/sign-in-username.body.js';
import { SessionIssuer } from './session-issuer.js';
import { correlationIdOf } from '../http/request-context.js';

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
    const user = await this.services.call(IdentityRpc.verifyPassword, {
      correlationId: correlationIdOf(request),
      email: body.email,
      password: body.password,
    });
    return this.signIn(user, body, request, response);
  }

  @Post('sign-in/username')
  @HttpCode(200)
  async signInUsername(
    @Body() body: SignInUsernameBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SignInAnswer> {
    const user = await this.services.call(IdentityRpc.verifyUsernamePassword, {
      correlationId: correlationIdOf(request),
      username: body.username,
      password: body.password,
    });
    return this.signIn(user, body, request, response);
  }

  /**
   * `{redirect, token, url?, user}` and the session cookie; with a callbackURL the client navigates there
   * (`redirect: true`, and a Location header as the current client's server sends).
   */
  private async signIn(
    user: UserView,
    options: { readonly rememberMe?: boolean; readonly callbackURL?: string },
    request: Request,
    response: Response,
  ): Promise<SignInAnswer> {
    const session = await this.sessions.issue(user, options.rememberMe !== false, request, response);
    if (!options.callbackURL) return { redirect: false, token: session.token, user };
    response.setHeader('Location', options.callbackURL);
    return { redirect: true, token: session.token, url: options.callbackURL, user };
  }
}
