import type { ChangePasswordRequest, UserView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class ChangePasswordCommand extends Command<UserView> {
  constructor(readonly request: ChangePasswordRequest) {
    super();
  }
}
