import type { UserChangedRequest, UserView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class FollowUserChangeCommand extends Command<UserView> {
  constructor(readonly request: UserChangedRequest) {
    super();
  }
}
