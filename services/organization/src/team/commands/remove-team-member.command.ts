import type { TeamMemberRequest } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class RemoveTeamMemberCommand extends Command<{ message: string }> {
  constructor(readonly request: TeamMemberRequest) {
    super();
  }
}
