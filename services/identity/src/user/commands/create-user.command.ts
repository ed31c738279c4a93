import type { CreateUserRequest, UserView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class CreateUserCommand extends Command<UserView> {
  constructor(readonly request: CreateUserRequest) {
    super();
  }
}
