import type { SetActiveTeamRequest, TeamView } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class CheckActiveTeamQuery extends Query<TeamView | null> {
  constructor(readonly request: SetActiveTeamRequest) {
    super();
  }
}
