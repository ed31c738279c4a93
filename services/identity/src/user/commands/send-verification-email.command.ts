import type { SendVerificationEmailRequest } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class SendVerificationEmailCommand extends Command<{ status: true }> {
  constructor(readonly request: SendVerificationEmailRequest) {
    super();
  }
}
