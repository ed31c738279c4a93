import { acceptingSystemUserFields, IdentityRpc, SignUpEmailBody, type UserView } from '@authsvc/contracts';
import { Body, HttpCode, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { Caller, sessionClientOf } from '../http/caller.js';
import { ServiceClient } from '../rpc/service-client.js';
import { SessionIssuer } from '../session/session-issuer.js';
import { AuthController } from './auth-controller.decorator.js';
import { CREDENTIAL_RULE, RateLimit } from '../rate-limit/rate-limit-rules.js';
import { refuseSystemUserFields } from './system-user-fields.js';

/** The sign-up body with the fields only the system sets let through, to be refused by name. */
class SignUpHttpBody extends acceptingSystemUserFields(SignUpEmailBody) {}

@AuthController()
export class SignUpController {
  constructor(
    private readonly services: ServiceClient,
    private readonly sessions: SessionIssuer,
  ) {}

  /** Registers the user and signs them in (identity hands the request on): `{token, user}` and the session cookie. */
  @Post('sign-up/email')
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  async signUpEmail(
    @Body() body: SignUpHttpBody,
    @Caller() caller: Caller,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<{ token: string; user: UserView }> {
    refuseSystemUserFields(body);
    const rememberMe = body.rememberMe !== false;
    const started = await this.services.call(IdentityRpc.registerUser, {
      ...body,
      ...sessionClientOf(caller, rememberMe),
    });
    this.sessions.setCookies(started, rememberMe, response);
    return { token: started.session.token, user: started.user };
  }
}
