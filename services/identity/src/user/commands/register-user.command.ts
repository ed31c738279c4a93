import type { RegisterUserRequest, UserView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class RegisterUserCommand extends Command<UserView> {
  constructor(readonly request: RegisterUserRequest) {
    super();
  }
}
