import type { SetRoleRequest, UserView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class SetRoleCommand extends Command<UserView> {
  constructor(readonly request: SetRoleRequest) {
    super();
  }
}
