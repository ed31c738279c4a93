import type { VerifyEmailReply, VerifyEmailRequest } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class VerifyEmailCommand extends Command<VerifyEmailReply> {
  constructor(readonly request: VerifyEmailRequest) {
    super();
  }
}
