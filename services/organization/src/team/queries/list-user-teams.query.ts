import type { ListUserTeamsRequest, TeamView } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class ListUserTeamsQuery extends Query<TeamView[]> {
  constructor(readonly request: ListUserTeamsRequest) {
    super();
  }
}
