import { IdentityRpc, SignInWithEmailRequest, SignInWithUsernameRequest } from '@authsvc/contracts';
import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UpgradePasswordHashCommand } from './commands/upgrade-password-hash.handler.js';
import { TwoFactorGate, type SignInOutcome } from '../two-factor/two-factor-gate.js';
import { VerifyPasswordQuery, type CredentialLogin } from './queries/verify-password.handler.js';

/**
 * Sign-in: the password is checked here (and its hash upgraded when outdated); then the two-factor gate either
 * hands the request on to the session service, which answers the caller itself, or answers the second step.
 */
@Controller()
export class SignInNatsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
    private readonly gate: TwoFactorGate,
  ) {}

  @MessagePattern(IdentityRpc.signInWithEmail.subject)
  signInWithEmail(@Payload() request: SignInWithEmailRequest): Promise<SignInOutcome> {
    return this.signIn({ email: request.email }, request);
  }

  @MessagePattern(IdentityRpc.signInWithUsername.subject)
  signInWithUsername(@Payload() request: SignInWithUsernameRequest): Promise<SignInOutcome> {
    return this.signIn({ username: request.username }, request);
  }

  private async signIn(
    login: CredentialLogin,
    request: SignInWithEmailRequest | SignInWithUsernameRequest,
  ): Promise<SignInOutcome> {
    const { user, outdatedHash } = await this.queries.execute(
      new VerifyPasswordQuery(login, request.password, request.ipAddress, request.correlationId),
    );
    if (outdatedHash) {
      await this.commands.execute(
        new UpgradePasswordHashCommand(user.id, request.password, outdatedHash, request.correlationId),
      );
    }
    return this.gate.pass(user, request);
  }
}
