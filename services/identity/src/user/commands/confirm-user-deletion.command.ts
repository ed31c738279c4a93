import type { ConfirmUserDeletionRequest } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class ConfirmUserDeletionCommand extends Command<void> {
  constructor(readonly request: ConfirmUserDeletionRequest) {
    super();
  }
}
