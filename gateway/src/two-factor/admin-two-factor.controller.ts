import { AdminUserBody, TwoFactorRpc, type TwoFactorFactors, type UserView } from '@authsvc/contracts';
import { AdminErrors } from '@authsvc/errors';
import { Body, Get, HttpCode, Post, Query } from '@nestjs/common';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AdminAccess } from '../admin/admin-access.js';
import { asAdmin } from '../admin/admin-caller.js';

/** An admin's view of a user's second factors, and their reset (beyond the reference's admin plugin). */
@AuthController()
export class AdminTwoFactorController {
  constructor(
    private readonly services: ServiceClient,
    private readonly access: AdminAccess,
  ) {}

  /** `{twoFactorEnabled, methods, backupCodesLeft}` of the user `userId`. */
  @Get('admin/two-factor')
  @WithSession()
  factors(@Query() { userId }: AdminUserBody, @Caller() caller: SignedInCaller): Promise<TwoFactorFactors> {
    this.access.require(caller, { user: ['get'] }, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_GET_USER);
    return this.services.call(TwoFactorRpc.adminFactors, { userId, ...asAdmin(caller) });
  }

  /** Two-factor off for a user who lost their factors; their trusted devices are forgotten. `{user}`. */
  @Post('admin/reset-two-factor')
  @HttpCode(200)
  @WithSession()
  async reset(@Body() { userId }: AdminUserBody, @Caller() caller: SignedInCaller): Promise<{ user: UserView }> {
    this.access.require(caller, { user: ['update'] }, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS);
    return { user: await this.services.call(TwoFactorRpc.adminReset, { userId, ...asAdmin(caller) }) };
  }
}
