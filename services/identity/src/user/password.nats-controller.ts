import {
  ChangePasswordRequest,
  CheckPasswordRequest,
  IdentityRpc,
  PasswordResetTokenRequest,
  RequestPasswordResetRequest,
  ResetPasswordRequest,
  SetPasswordRequest,
  type PasswordChangeReply,
  type StartedSession,
} from '@authsvc/contracts';
import type { ForwardedRequest } from '@authsvc/platform';
import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { startSessionFor } from './session-start.js';
import { ChangePasswordCommand } from './commands/change-password.handler.js';
import { RequestPasswordResetCommand } from './commands/request-password-reset.handler.js';
import { ResetPasswordCommand } from './commands/reset-password.handler.js';
import { SetPasswordCommand } from './commands/set-password.handler.js';
import { CheckPasswordResetTokenQuery } from './queries/check-password-reset-token.handler.js';
import { CheckPasswordQuery } from './queries/check-password.handler.js';

@Controller()
export class PasswordNatsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @MessagePattern(IdentityRpc.requestPasswordReset.subject)
  requestReset(@Payload() request: RequestPasswordResetRequest): Promise<{ status: true; message: string }> {
    return this.commands.execute(new RequestPasswordResetCommand(request));
  }

  @MessagePattern(IdentityRpc.checkPasswordResetToken.subject)
  checkResetToken(@Payload() request: PasswordResetTokenRequest): Promise<{ valid: boolean }> {
    return this.queries.execute(new CheckPasswordResetTokenQuery(request.token));
  }

  @MessagePattern(IdentityRpc.resetPassword.subject)
  reset(@Payload() request: ResetPasswordRequest): Promise<{ status: true }> {
    return this.commands.execute(new ResetPasswordCommand(request));
  }

  /**
   * With `revokeOtherSessions`, the session service is handed the request to end every session of the user and
   * start the one that replaces them, and answers the caller itself: no gateway serves an old session once the
   * caller has its answer.
   */
  @MessagePattern(IdentityRpc.changePassword.subject)
  async change(
    @Payload() request: ChangePasswordRequest,
  ): Promise<PasswordChangeReply | ForwardedRequest<StartedSession>> {
    const user = await this.commands.execute(new ChangePasswordCommand(request));
    if (!request.revokeOtherSessions) return { session: null, user };
    return startSessionFor(user, request, { endOtherSessions: true });
  }

  @MessagePattern(IdentityRpc.setPassword.subject)
  set(@Payload() request: SetPasswordRequest): Promise<{ status: true }> {
    return this.commands.execute(new SetPasswordCommand(request));
  }

  @MessagePattern(IdentityRpc.checkPassword.subject)
  check(@Payload() request: CheckPasswordRequest): Promise<{ status: true }> {
    return this.queries.execute(new CheckPasswordQuery(request));
  }
}
