import type { ListTeamsRequest, TeamView } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class ListTeamsQuery extends Query<TeamView[]> {
  constructor(readonly request: ListTeamsRequest) {
    super();
  }
}
