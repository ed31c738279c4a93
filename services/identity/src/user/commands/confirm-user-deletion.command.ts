import type { ConfirmUserDeletionRequest } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class ConfirmUserDeletionCommand extends Command<{ deleted: true }> {
  constructor(readonly request: ConfirmUserDeletionRequest) {
    super();
  }
}
