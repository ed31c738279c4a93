import type { BanUserRequest, UnbanUserRequest, UserView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class BanUserCommand extends Command<UserView> {
  constructor(readonly request: BanUserRequest) {
    super();
  }
}

export class UnbanUserCommand extends Command<UserView> {
  constructor(readonly request: UnbanUserRequest) {
    super();
  }
}
