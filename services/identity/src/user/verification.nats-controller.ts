import {
  ChangeEmailRequest,
  IdentityRpc,
  SendVerificationEmailRequest,
  SessionRpc,
  VerifyEmailRequest,
  type StartedSession,
} from '@authsvc/contracts';
import { forwardRequest, type ForwardedRequest } from '@authsvc/platform';
import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { startSessionFor } from './session-start.js';
import { ChangeEmailCommand } from './commands/change-email.handler.js';
import { SendVerificationEmailCommand } from './commands/send-verification-email.handler.js';
import { VerifyEmailCommand } from './commands/verify-email.handler.js';

@Controller()
export class VerificationNatsController {
  constructor(private readonly commands: CommandBus) {}

  @MessagePattern(IdentityRpc.sendVerificationEmail.subject)
  send(@Payload() request: SendVerificationEmailRequest): Promise<{ status: true }> {
    return this.commands.execute(new SendVerificationEmailCommand(request));
  }

  /**
   * The link may have changed the user (verified, new email), perhaps clicked without their session cookie: the
   * session service is handed the request, so their sessions show the change before identity's event arrives,
   * and, when asked, the verifying click starts a session for a browser signed in as nobody: a session of
   * another user is never replaced (login CSRF), and one of this user needs none. A two-factor user signs in with
   * both factors instead: a mailed link is one.
   */
  @MessagePattern(IdentityRpc.verifyEmail.subject)
  async verify(
    @Payload() request: VerifyEmailRequest,
  ): Promise<ForwardedRequest<StartedSession> | ForwardedRequest<{ status: true }>> {
    const { user, verifiedNow } = await this.commands.execute(new VerifyEmailCommand(request));
    if (verifiedNow && request.signIn && request.signedInUserId === undefined && !user.twoFactorEnabled) {
      return startSessionFor(user, request, { userChanged: true });
    }
    return forwardRequest(SessionRpc.refreshUser, { correlationId: request.correlationId, userId: user.id });
  }

  @MessagePattern(IdentityRpc.changeEmail.subject)
  changeEmail(@Payload() request: ChangeEmailRequest): Promise<{ status: true }> {
    return this.commands.execute(new ChangeEmailCommand(request));
  }
}
