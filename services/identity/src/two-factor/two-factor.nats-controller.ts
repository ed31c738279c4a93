import {
  AdminTwoFactorRequest,
  SecondFactorHolder,
  TwoFactorRpc,
  TwoFactorSetupRequest,
  VerifySecondFactorRequest,
  type SecondFactorProven,
  type StartedSession,
  type TwoFactorEnabledReply,
  type TwoFactorFactors,
  type UserView,
} from '@authsvc/contracts';
import type { ForwardedRequest } from '@authsvc/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SecondFactorVerification } from './second-factor-verification.js';
import { TwoFactorAdmin } from './two-factor-admin.js';
import { TwoFactorSetup } from './two-factor-setup.js';

/** The two-factor plugin's requests: a user's settings, the second step of a sign-in, an admin's view and reset. */
@Controller()
export class TwoFactorNatsController {
  constructor(
    private readonly setup: TwoFactorSetup,
    private readonly verification: SecondFactorVerification,
    private readonly admin: TwoFactorAdmin,
  ) {}

  @MessagePattern(TwoFactorRpc.enable.subject)
  enable(@Payload() request: TwoFactorSetupRequest): Promise<TwoFactorEnabledReply | ForwardedRequest<StartedSession>> {
    return this.setup.enable(request);
  }

  @MessagePattern(TwoFactorRpc.disable.subject)
  disable(@Payload() request: TwoFactorSetupRequest): Promise<ForwardedRequest<StartedSession>> {
    return this.setup.disable(request);
  }

  @MessagePattern(TwoFactorRpc.getTotpUri.subject)
  getTotpUri(@Payload() request: TwoFactorSetupRequest): Promise<{ totpURI: string }> {
    return this.setup.totpUri(request);
  }

  @MessagePattern(TwoFactorRpc.generateBackupCodes.subject)
  generateBackupCodes(@Payload() request: TwoFactorSetupRequest): Promise<{ status: true; backupCodes: string[] }> {
    return this.setup.regenerateBackupCodes(request);
  }

  @MessagePattern(TwoFactorRpc.sendCode.subject)
  sendCode(@Payload() request: SecondFactorHolder): Promise<{ status: true }> {
    return this.verification.sendCode(request);
  }

  @MessagePattern(TwoFactorRpc.verify.subject)
  verify(
    @Payload() request: VerifySecondFactorRequest,
  ): Promise<SecondFactorProven | ForwardedRequest<StartedSession>> {
    return this.verification.verify(request);
  }

  @MessagePattern(TwoFactorRpc.adminFactors.subject)
  adminFactors(@Payload() request: AdminTwoFactorRequest): Promise<TwoFactorFactors> {
    return this.admin.factors(request);
  }

  @MessagePattern(TwoFactorRpc.adminReset.subject)
  adminReset(@Payload() request: AdminTwoFactorRequest): Promise<ForwardedRequest<UserView>> {
    return this.admin.reset(request);
  }
}
