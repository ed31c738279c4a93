import {
  AdminRemovePasskeyRequest,
  DeletePasskeyRequest,
  PasskeyAuthenticationOptionsRequest,
  PasskeyRegistrationOptionsRequest,
  PasskeyRpc,
  UpdatePasskeyRequest,
  UserPasskeysRequest,
  VerifyPasskeyAuthenticationRequest,
  VerifyPasskeyRegistrationRequest,
  type PasskeyCeremony,
  type PasskeyView,
  type StartedSession,
} from '@authsvc/contracts';
import { AdminErrors } from '@authsvc/errors';
import type { ForwardedRequest } from '@authsvc/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminRights } from '../user/admin-rights.js';
import { PasskeyManagement } from './passkey-management.js';
import { PasskeyReads } from './passkey-reads.js';
import { PasskeyRegistration } from './passkey-registration.js';
import { PasskeySignIn } from './passkey-sign-in.js';

/**
 * Passkeys: registration and sign-in ceremonies, the user's list, rename and removal, and the admins' view, whose
 * actor identity checks again (`AdminRights`) with the permissions the gateway asked.
 */
@Controller()
export class PasskeyNatsController {
  constructor(
    private readonly registration: PasskeyRegistration,
    private readonly signIn: PasskeySignIn,
    private readonly reads: PasskeyReads,
    private readonly management: PasskeyManagement,
    private readonly rights: AdminRights,
  ) {}

  @MessagePattern(PasskeyRpc.registrationOptions.subject)
  registrationOptions(@Payload() request: PasskeyRegistrationOptionsRequest): Promise<PasskeyCeremony> {
    return this.registration.options(request);
  }

  @MessagePattern(PasskeyRpc.verifyRegistration.subject)
  verifyRegistration(@Payload() request: VerifyPasskeyRegistrationRequest): Promise<PasskeyView> {
    return this.registration.verify(request);
  }

  @MessagePattern(PasskeyRpc.authenticationOptions.subject)
  authenticationOptions(@Payload() request: PasskeyAuthenticationOptionsRequest): Promise<PasskeyCeremony> {
    return this.signIn.options(request);
  }

  @MessagePattern(PasskeyRpc.verifyAuthentication.subject)
  verifyAuthentication(
    @Payload() request: VerifyPasskeyAuthenticationRequest,
  ): Promise<ForwardedRequest<StartedSession>> {
    return this.signIn.verify(request);
  }

  @MessagePattern(PasskeyRpc.list.subject)
  list(@Payload() { userId }: UserPasskeysRequest): Promise<PasskeyView[]> {
    return this.reads.ofUser(userId);
  }

  @MessagePattern(PasskeyRpc.adminList.subject)
  async adminList(@Payload() { userId, actorId }: UserPasskeysRequest): Promise<PasskeyView[]> {
    await this.rights.require(actorId, { user: ['get'] }, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_GET_USER);
    return this.reads.ofUser(userId);
  }

  @MessagePattern(PasskeyRpc.update.subject)
  update(@Payload() request: UpdatePasskeyRequest): Promise<{ passkey: PasskeyView }> {
    return this.management.rename(request);
  }

  @MessagePattern(PasskeyRpc.delete.subject)
  delete(@Payload() request: DeletePasskeyRequest): Promise<{ status: true }> {
    return this.management.remove(request);
  }

  @MessagePattern(PasskeyRpc.adminRemove.subject)
  async adminRemove(@Payload() request: AdminRemovePasskeyRequest): Promise<{ success: true }> {
    await this.rights.require(request.actorId, { user: ['update'] }, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS);
    return this.management.removeAsAdmin(request);
  }
}
