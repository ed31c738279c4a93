import {
  IdentityRpc,
  SignInWithEmailRequest,
  SignInWithUsernameRequest,
  type StartedSession,
} from '@authsvc/contracts';
import type { ForwardedRequest } from '@authsvc/platform';
import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { startSessionFor } from './session-start.js';
import { VerifyPasswordQuery, type CredentialLogin } from './queries/verify-password.query.js';

/**
 * Sign-in: the password is checked here, and the session service, handed the request with the user just proved,
 * answers the caller itself.
 */
@Controller()
export class SignInNatsController {
  constructor(private readonly queries: QueryBus) {}

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
    const user = await this.queries.execute(new VerifyPasswordQuery(login, request.password));
    return startSessionFor(user, request);
  }
}
