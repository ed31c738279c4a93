import type { SessionAndUser, SetActiveOrganizationRequest } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class SetActiveOrganizationCommand extends Command<SessionAndUser | null> {
  constructor(readonly request: SetActiveOrganizationRequest) {
    super();
  }
}
