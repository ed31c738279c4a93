import { IdentityRpc, type UserView } from '@authsvc/contracts';
import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ServiceClient } from '../rpc/service-client.js';
import { AUTH_BASE_PATH } from './auth-base-path.js';
import { SignInEmailBody } from './dto/sign-in-email.body.js';
import { SessionIssuer } from './session-issuer.js';

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

  /**
   * `{redirect, token, url?, user}` and the session cookie; with a callbackURL the client navigates there
   * (`redirect: true`, and a Location header as the current client's server sends).
   */
  @Post('sign-in/email')
  @HttpCode(200)
  async signInEmail(
    @Body() body: SignInEmailBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<SignInAnswer> {
    const user = await this.services.call(IdentityRpc.verifyPassword, {
      correlationId: String(request.headers['x-request-id']),
      email: body.email,
      password: body.password,
    });
    const session = await this.sessions.issue(user, body.rememberMe !== false, request, response);
    if (!body.callbackURL) return { redirect: false, token: session.token, user };
    response.setHeader('Location', body.callbackURL);
    return { redirect: true, token: session.token, url: body.callbackURL, user };
  }
}
