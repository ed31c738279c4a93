import type { TeamMemberRequest, TeamMemberView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class AddTeamMemberCommand extends Command<TeamMemberView> {
  constructor(readonly request: TeamMemberRequest) {
    super();
  }
}
