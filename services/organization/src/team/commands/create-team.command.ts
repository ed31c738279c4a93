import type { CreateTeamRequest, TeamView } from '@authsvc/contracts';
import { Command } from '@nestjs/cqrs';

export class CreateTeamCommand extends Command<TeamView> {
  constructor(readonly request: CreateTeamRequest) {
    super();
  }
}
