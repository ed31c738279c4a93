import {
  IdentityRpc,
  SignInWithEmailRequest,
  SignInWithUsernameRequest,
  type StartedSession,
} from '@authsvc/contracts';
import type { ForwardedRequest } from '@authsvc/platform';
import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { UpgradePasswordHashCommand } from './commands/upgrade-password-hash.command.js';
import { startSessionFor } from './session-start.js';
import { VerifyPasswordQuery, type CredentialLogin } from './queries/verify-password.query.js';

/**
 * Sign-in: the password is checked here (and its hash upgraded when outdated), and the session service, handed
 * the request with the user just proved, answers the caller itself.
 */
@Controller()
export class SignInNatsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly commands: CommandBus,
  ) {}

  @MessagePattern(IdentityRpc.signInWithEmail.subject)
  signInWithEmail(@Payload() request: SignInWithEmailRequest): Promise<ForwardedRequest<StartedSession>> {
    return this.signIn({ email: request.email }, request);
  }

  @MessagePattern(IdentityRpc.signInWithUsername.subject)
  signInWithUsername(@Payload() request: SignInWithUsernameRequest): Promise<ForwardedRequest<StartedSession>> {
    return this.signIn({ username: request.username }, request);
  }

  private async signIn(
    login: CredentialLogin,
    request: SignInWithEmailRequest | SignInWithUsernameRequest,
  ): Promise<ForwardedRequest<StartedSession>> {
    const { user, outdatedHash } = await this.queries.execute(
      new VerifyPasswordQuery(login, request.password, request.ipAddress, request.correlationId),
    );
    if (outdatedHash) {
      await this.commands.execute(
        new UpgradePasswordHashCommand(user.id, request.password, outdatedHash, request.correlationId),
      );
    }
    return startSessionFor(user, request);
  }
}
