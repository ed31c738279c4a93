import { ChangeEmailBody, IdentityRpc, UpdateUserBody, type AccountView } from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { Body, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { asUser, Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';
import { SessionIssuer } from '../session/session-issuer.js';
import { AuthController } from './auth-controller.decorator.js';
import { CREDENTIAL_RULE, RateLimit } from '../rate-limit/rate-limit-rules.js';
import { refuseSystemUserFields } from './system-user-fields.js';

/** The signed-in user's profile and sign-in methods. */
@AuthController()
export class AccountController {
  constructor(
    private readonly services: ServiceClient,
    private readonly sessions: SessionIssuer,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Name, image, username; the email changes only through change-email. The session cookies carry the change. */
  @Post('update-user')
  @HttpCode(200)
  @WithSession({ changesUser: true })
  async updateUser(
    @Body() body: UpdateUserBody,
    @Caller() caller: SignedInCaller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<{ status: true }> {
    if (body.email) throw new DomainError(AuthErrors.EMAIL_CAN_NOT_BE_UPDATED);
    refuseSystemUserFields(body);
    const user = await this.services.call(IdentityRpc.updateUser, { ...body, ...asUser(caller) });
    this.sessions.refreshCookies(request, caller.session, user, response);
    return { status: true };
  }

  /**
   * `{status: true}` and a mail: to the new address, or first to the current one for approval when it is
   * verified. Nothing changes until the new address's link is followed; a taken address is mailed nothing.
   */
  @Post('change-email')
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  @WithSession({ changesUser: true })
  changeEmail(@Body() body: ChangeEmailBody, @Caller() caller: SignedInCaller): Promise<{ status: true }> {
    if (!this.config.CHANGE_EMAIL_ENABLED) throw new DomainError(AuthErrors.CHANGE_EMAIL_DISABLED);
    return this.services.call(IdentityRpc.changeEmail, { ...body, ...asUser(caller) });
  }

  @Get('list-accounts')
  @WithSession()
  listAccounts(@Caller() caller: SignedInCaller): Promise<AccountView[]> {
    return this.services.call(IdentityRpc.listAccounts, asUser(caller));
  }
}
