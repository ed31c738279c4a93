import type { UpdateTeamRequest, TeamView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class UpdateTeamCommand extends Command<TeamView> {
  constructor(readonly request: UpdateTeamRequest) {
    super();
  }
}
