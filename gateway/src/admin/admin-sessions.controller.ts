import { AdminUserBody, RevokeUserSessionBody, SessionRpc, type SessionView } from '@authsvc/contracts';
import { AdminErrors } from '@authsvc/errors';
import { Body, HttpCode, Post } from '@nestjs/common';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AdminAccess } from './admin-access.js';
import { asAdmin } from './admin-caller.js';

const LIST = { session: ['list'] };
const REVOKE = { session: ['revoke'] };

/**
 * Any user's sessions: list them (impersonations included, with their admin), end one or all. Ends go through
 * the session service's revocation, so every gateway refuses those sessions on their next request; each is
 * recorded with the admin as actor.
 */
@AuthController()
export class AdminSessionsController {
  constructor(
    private readonly services: ServiceClient,
    private readonly access: AdminAccess,
  ) {}

  @Post('admin/list-user-sessions')
  @HttpCode(200)
  @WithSession()
  async list(@Body() body: AdminUserBody, @Caller() caller: SignedInCaller): Promise<{ sessions: SessionView[] }> {
    this.access.require(caller, LIST, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS);
    return { sessions: await this.services.call(SessionRpc.listForUser, { userId: body.userId, ...asAdmin(caller) }) };
  }

  /** `{success:true}` for an unknown token too, as the reference answers. */
  @Post('admin/revoke-user-session')
  @HttpCode(200)
  @WithSession()
  async revokeOne(@Body() body: RevokeUserSessionBody, @Caller() caller: SignedInCaller): Promise<{ success: true }> {
    this.access.require(caller, REVOKE, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS);
    await this.services.call(SessionRpc.revoke, { token: body.sessionToken, ...asAdmin(caller) });
    return { success: true };
  }

  @Post('admin/revoke-user-sessions')
  @HttpCode(200)
  @WithSession()
  async revokeAll(@Body() body: AdminUserBody, @Caller() caller: SignedInCaller): Promise<{ success: true }> {
    this.access.require(caller, REVOKE, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS);
    await this.services.call(SessionRpc.revokeForUser, { userId: body.userId, ...asAdmin(caller) });
    return { success: true };
  }
}
