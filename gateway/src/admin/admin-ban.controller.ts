import { AdminUserBody, BanUserBody, IdentityRpc, SessionRpc, type UserView } from '@authsvc/contracts';
import { AdminErrors } from '@authsvc/errors';
import { Body, HttpCode, Post } from '@nestjs/common';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AdminAccess } from './admin-access.js';
import { asAdmin } from './admin-caller.js';

const BAN = { user: ['ban'] };

/** Bans: a banned user starts no session by any method, and the ones they have end before the answer. */
@AuthController()
export class AdminBanController {
  constructor(
    private readonly services: ServiceClient,
    private readonly access: AdminAccess,
  ) {}

  /**
   * The sessions end here, so that every gateway refuses them on their next request; the session service also
   * ends them on the ban's event, should this request fail between the two.
   */
  @Post('admin/ban-user')
  @HttpCode(200)
  @WithSession({ changesUser: true })
  async ban(@Body() body: BanUserBody, @Caller() caller: SignedInCaller): Promise<{ user: UserView }> {
    this.access.require(caller, BAN, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_BAN_USERS);
    const user = await this.services.call(IdentityRpc.banUser, { ...body, ...asAdmin(caller) });
    await this.services.call(SessionRpc.revokeForUser, { userId: user.id, ...asAdmin(caller) });
    return { user };
  }

  @Post('admin/unban-user')
  @HttpCode(200)
  @WithSession({ changesUser: true })
  async unban(@Body() body: AdminUserBody, @Caller() caller: SignedInCaller): Promise<{ user: UserView }> {
    this.access.require(caller, BAN, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_BAN_USERS);
    return { user: await this.services.call(IdentityRpc.unbanUser, { ...body, ...asAdmin(caller) }) };
  }
}
