import { IdentityRpc, type AccountView } from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { Body, Controller, Get, HttpCode, Inject, Post, Req, Res } from '@nestjs/common';
import type { Request, Response } from 'express';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AUTH_BASE_PATH } from './auth-base-path.js';
import { CurrentSession } from '../session/current-session.js';
import { ChangeEmailBody } from './dto/change-email.body.js';
import { SYSTEM_USER_FIELDS, UpdateUserBody } from './dto/update-user.body.js';
import { correlationIdOf } from '../http/request-context.js';

/** The signed-in user's profile and sign-in methods. */
@Controller(AUTH_BASE_PATH)
export class AccountController {
  constructor(
    private readonly services: ServiceClient,
    private readonly currentSession: CurrentSession,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Name, image, username; the email changes only through change-email. */
  @Post('update-user')
  @HttpCode(200)
  async updateUser(
    @Body() body: UpdateUserBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ status: true }> {
    const { user } = await this.currentSession.require(request, response);
    if (body.email) throw new DomainError(AuthErrors.EMAIL_CAN_NOT_BE_UPDATED);
    if (SYSTEM_USER_FIELDS.some((field) => body[field] !== undefined)) {
      throw new DomainError(AuthErrors.FIELD_NOT_ALLOWED);
    }
    await this.services.call(IdentityRpc.updateUser, {
      correlationId: correlationIdOf(request),
      actorId: user.id,
      userId: user.id,
      name: body.name,
      image: body.image,
      username: body.username,
      displayUsername: body.displayUsername,
    });
    return { status: true };
  }

  /**
   * `{status: true}` and a mail: to the new address, or first to the current one for approval when it is
   * verified. Nothing changes until the new address's link is followed; a taken address is mailed nothing.
   */
  @Post('change-email')
  @HttpCode(200)
  async changeEmail(
    @Body() body: ChangeEmailBody,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<{ status: true }> {
    const { user } = await this.currentSession.require(request, response);
    if (!this.config.CHANGE_EMAIL_ENABLED) throw new DomainError(AuthErrors.CHANGE_EMAIL_DISABLED);
    return this.services.call(IdentityRpc.changeEmail, {
      correlationId: correlationIdOf(request),
      actorId: user.id,
      userId: user.id,
      newEmail: body.newEmail,
      callbackURL: body.callbackURL,
    });
  }

  @Get('list-accounts')
  async listAccounts(@Req() request: Request, @Res({ passthrough: true }) response: Response): Promise<AccountView[]> {
    const { user } = await this.currentSession.require(request, response);
    return this.services.call(IdentityRpc.listAccounts, { correlationId: correlationIdOf(request), userId: user.id });
  }
}
