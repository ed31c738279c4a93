import { IdentityRpc, SignUpEmailBody, type UserView } from '@authsvc/contracts';
import { Body, HttpCode, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Caller } from '../http/caller.js';
import { ServiceClient } from '../rpc/service-client.js';
import { SessionIssuer } from '../session/session-issuer.js';
import { AuthController } from './auth-controller.decorator.js';
import { CREDENTIAL_RULE, RateLimit } from '../rate-limit/rate-limit-rules.js';

@AuthController()
export class SignUpController {
  constructor(
    private readonly services: ServiceClient,
    private readonly sessions: SessionIssuer,
  ) {}

  /** Registers the user, then signs them in: `{token, user}` and the session cookie. */
  @Post('sign-up/email')
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  async signUpEmail(
    @Body() body: SignUpEmailBody,
    @Caller() caller: Caller,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<{ token: string; user: UserView }> {
    const user = await this.services.call(IdentityRpc.registerUser, { ...body, correlationId: caller.correlationId });
    const session = await this.sessions.issue(user, body.rememberMe !== false, caller, response, { newUser: true });
    return { token: session.token, user };
  }
}
