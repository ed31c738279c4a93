import type { SetPasswordRequest } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class SetPasswordCommand extends Command<{ status: true }> {
  constructor(readonly request: SetPasswordRequest) {
    super();
  }
}
