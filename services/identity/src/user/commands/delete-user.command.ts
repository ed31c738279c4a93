import type { DeleteUserOutcome, DeleteUserRequest } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class DeleteUserCommand extends Command<{ outcome: DeleteUserOutcome }> {
  constructor(readonly request: DeleteUserRequest) {
    super();
  }
}
