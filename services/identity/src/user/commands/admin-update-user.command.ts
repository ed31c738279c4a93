import type { AdminUpdateUserRequest, UserView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class AdminUpdateUserCommand extends Command<UserView> {
  constructor(readonly request: AdminUpdateUserRequest) {
    super();
  }
}
