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
import type { ForwardedRequest } from '@authsvc/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { PasskeyManagement } from './passkey-management.js';
import { PasskeyReads } from './passkey-reads.js';
import { PasskeyRegistration } from './passkey-registration.js';
import { PasskeySignIn } from './passkey-sign-in.js';

/** Passkeys: registration and sign-in ceremonies, the user's list, rename and removal, and the admins' view. */
@Controller()
export class PasskeyNatsController {
  constructor(
    private readonly registration: PasskeyRegistration,
    private readonly signIn: PasskeySignIn,
    private readonly reads: PasskeyReads,
    private readonly management: PasskeyManagement,
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
  adminList(@Payload() { userId }: UserPasskeysRequest): Promise<PasskeyView[]> {
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
  adminRemove(@Payload() request: AdminRemovePasskeyRequest): Promise<{ success: true }> {
    return this.management.removeAsAdmin(request);
  }
}
