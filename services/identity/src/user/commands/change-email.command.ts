import type { ChangeEmailRequest } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class ChangeEmailCommand extends Command<{ status: true }> {
  constructor(readonly request: ChangeEmailRequest) {
    super();
  }
}
