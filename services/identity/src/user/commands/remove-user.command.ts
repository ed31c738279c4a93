import type { RemoveUserRequest } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class RemoveUserCommand extends Command<void> {
  constructor(readonly request: RemoveUserRequest) {
    super();
  }
}
