import { ChangeEmailBody, IdentityRpc, SYSTEM_USER_FIELDS, UpdateUserBody, type AccountView } from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { Body, Get, HttpCode, Inject, Post } from '@nestjs/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { asUser, Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AuthController } from './auth-controller.decorator.js';
import { CREDENTIAL_RULE, RateLimit } from '../rate-limit/rate-limit-rules.js';

/** The signed-in user's profile and sign-in methods. */
@AuthController()
export class AccountController {
  constructor(
    private readonly services: ServiceClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Name, image, username; the email changes only through change-email. */
  @Post('update-user')
  @HttpCode(200)
  @WithSession()
  async updateUser(@Body() body: UpdateUserBody, @Caller() caller: SignedInCaller): Promise<{ status: true }> {
    if (body.email) throw new DomainError(AuthErrors.EMAIL_CAN_NOT_BE_UPDATED);
    if (SYSTEM_USER_FIELDS.some((field) => body[field] !== undefined)) {
      throw new DomainError(AuthErrors.FIELD_NOT_ALLOWED);
    }
    await this.services.call(IdentityRpc.updateUser, { ...body, ...asUser(caller) });
    return { status: true };
  }

  /**
   * `{status: true}` and a mail: to the new address, or first to the current one for approval when it is
   * verified. Nothing changes until the new address's link is followed; a taken address is mailed nothing.
   */
  @Post('change-email')
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  @WithSession()
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
