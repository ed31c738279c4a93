import {
  ChangeEmailRequest,
  IdentityRpc,
  SendVerificationEmailRequest,
  VerifyEmailRequest,
  type VerifyEmailReply,
} from '@authsvc/contracts';
import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ChangeEmailCommand } from './commands/change-email.command.js';
import { SendVerificationEmailCommand } from './commands/send-verification-email.command.js';
import { VerifyEmailCommand } from './commands/verify-email.command.js';

@Controller()
export class VerificationNatsController {
  constructor(private readonly commands: CommandBus) {}

  @MessagePattern(IdentityRpc.sendVerificationEmail.subject)
  send(@Payload() request: SendVerificationEmailRequest): Promise<{ status: true }> {
    return this.commands.execute(new SendVerificationEmailCommand(request));
  }

  @MessagePattern(IdentityRpc.verifyEmail.subject)
  verify(@Payload() request: VerifyEmailRequest): Promise<VerifyEmailReply> {
    return this.commands.execute(new VerifyEmailCommand(request));
  }

  @MessagePattern(IdentityRpc.changeEmail.subject)
  changeEmail(@Payload() request: ChangeEmailRequest): Promise<{ status: true }> {
    return this.commands.execute(new ChangeEmailCommand(request));
  }
}
