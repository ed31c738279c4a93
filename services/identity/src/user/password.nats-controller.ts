import {
  ChangePasswordRequest,
  CheckPasswordRequest,
  IdentityRpc,
  PasswordResetTokenRequest,
  RequestPasswordResetRequest,
  ResetPasswordRequest,
  SetPasswordRequest,
  type UserView,
} from '@authsvc/contracts';
import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChangePasswordCommand } from './commands/change-password.command.js';
import { RequestPasswordResetCommand } from './commands/request-password-reset.command.js';
import { ResetPasswordCommand } from './commands/reset-password.command.js';
import { SetPasswordCommand } from './commands/set-password.command.js';
import { CheckPasswordResetTokenQuery } from './queries/check-password-reset-token.query.js';
import { CheckPasswordQuery } from './queries/check-password.query.js';

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

  @MessagePattern(IdentityRpc.changePassword.subject)
  change(@Payload() request: ChangePasswordRequest): Promise<UserView> {
    return this.commands.execute(new ChangePasswordCommand(request));
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
