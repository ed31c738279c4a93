import type { UpdateUserRequest, UserView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class UpdateUserCommand extends Command<UserView> {
  constructor(readonly request: UpdateUserRequest) {
    super();
  }
}
