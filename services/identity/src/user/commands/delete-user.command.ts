import type { DeleteUserRequest } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export type DeleteUserOutcome = 'deleted' | 'verification-sent';

export class DeleteUserCommand extends Command<{ outcome: DeleteUserOutcome }> {
  constructor(readonly request: DeleteUserRequest) {
    super();
  }
}
