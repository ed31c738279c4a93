import { AdminRemovePasskeyBody, AdminUserBody, PasskeyRpc, type PasskeyView } from '@authsvc/contracts';
import { AdminErrors } from '@authsvc/errors';
import { Body, HttpCode, Post } from '@nestjs/common';
import { AdminAccess } from '../admin/admin-access.js';
import { asAdmin } from '../admin/admin-caller.js';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';

const GET = { user: ['get'] };
const UPDATE = { user: ['update'] };

/**
 * Any user's passkeys, for admins (beyond the reference, which has no such endpoints): see them, and remove one
 * (a lost or stolen authenticator). A removal is recorded with the admin as actor.
 */
@AuthController()
export class AdminPasskeysController {
  constructor(
    private readonly services: ServiceClient,
    private readonly access: AdminAccess,
  ) {}

  @Post('admin/list-user-passkeys')
  @HttpCode(200)
  @WithSession()
  async list(@Body() body: AdminUserBody, @Caller() caller: SignedInCaller): Promise<{ passkeys: PasskeyView[] }> {
    this.access.require(caller, GET, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_GET_USER);
    return { passkeys: await this.services.call(PasskeyRpc.adminList, { userId: body.userId, ...asAdmin(caller) }) };
  }

  /** `{success: true}`; a passkey that is not the user's is 404 PASSKEY_NOT_FOUND. */
  @Post('admin/remove-user-passkey')
  @HttpCode(200)
  @WithSession()
  remove(@Body() body: AdminRemovePasskeyBody, @Caller() caller: SignedInCaller): Promise<{ success: true }> {
    this.access.require(caller, UPDATE, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS);
    return this.services.call(PasskeyRpc.adminRemove, { ...body, ...asAdmin(caller) });
  }
}
