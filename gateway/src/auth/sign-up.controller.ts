import { IdentityRpc, type UserView } from '@authsvc/contracts';
import { Body, Controller, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { ServiceClient } from '../rpc/service-client.js';
import { AUTH_BASE_PATH } from './auth-base-path.js';
import { SignUpEmailBody } from './dto/sign-up-email.body.js';
import { SessionIssuer } from '../session/session-issuer.js';
import { correlationIdOf } from '../http/request-context.js';

@Controller(AUTH_BASE_PATH)
export class SignUpController {
  constructor(
    private readonly services: ServiceClient,
    private readonly sessions: SessionIssuer,
  ) {}

  /** Registers the user, then signs them in: `{token, user}` and the session cookie. */
  @Post('sign-up/email')
  @HttpCode(200)
  async signUpEmail(
    @Body() body: SignUpEmailBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ token: string; user: UserView }> {
    const user = await this.services.call(IdentityRpc.registerUser, {
      correlationId: correlationIdOf(request),
      name: body.name,
      email: body.email,
      password: body.password,
      image: body.image ?? null,
      username: body.username,
      displayUsername: body.displayUsername,
      callbackURL: body.callbackURL,
    });
    const session = await this.sessions.issue(user, body.rememberMe !== false, request, response, { newUser: true });
    return { token: session.token, user };
  }
}
