import type { SetUserPasswordRequest } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class SetUserPasswordCommand extends Command<{ status: true }> {
  constructor(readonly request: SetUserPasswordRequest) {
    super();
  }
}
