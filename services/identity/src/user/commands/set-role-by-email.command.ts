import type { SetRoleByEmailRequest, UserView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class SetRoleByEmailCommand extends Command<UserView> {
  constructor(readonly request: SetRoleByEmailRequest) {
    super();
  }
}
