import type { ResetPasswordRequest } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class ResetPasswordCommand extends Command<{ status: true }> {
  constructor(readonly request: ResetPasswordRequest) {
    super();
  }
}
