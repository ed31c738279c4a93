import { AdminHasPermissionBody, IdentityRpc, SetRoleBody, type UserView } from '@authsvc/contracts';
import { AdminErrors, DomainError } from '@authsvc/errors';
import { Body, HttpCode, Post } from '@nestjs/common';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AdminAccess } from './admin-access.js';
import { asAdmin } from './admin-caller.js';

/** Roles and rights: check the caller's permissions, set a user's roles. */
@AuthController()
export class AdminRoleController {
  constructor(
    private readonly services: ServiceClient,
    private readonly access: AdminAccess,
  ) {}

  /** The caller's own rights: over HTTP the session decides, whatever `userId` or `role` the body names. */
  @Post('admin/has-permission')
  @HttpCode(200)
  @WithSession()
  hasPermission(
    @Body() body: AdminHasPermissionBody,
    @Caller() caller: SignedInCaller,
  ): { error: null; success: boolean } {
    if (!body.permissions) throw new DomainError(AdminErrors.NO_PERMISSIONS_PASSED);
    return { error: null, success: this.access.allows(caller.user, body.permissions) };
  }

  @Post('admin/set-role')
  @HttpCode(200)
  @WithSession({ changesUser: true })
  async setRole(@Body() body: SetRoleBody, @Caller() caller: SignedInCaller): Promise<{ user: UserView }> {
    this.access.require(caller, { user: ['set-role'] }, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE);
    return { user: await this.services.call(IdentityRpc.setRole, { ...body, ...asAdmin(caller) }) };
  }
}
