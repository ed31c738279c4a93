import type { ListTeamMembersRequest, TeamMemberView } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class ListTeamMembersQuery extends Query<TeamMemberView[]> {
  constructor(readonly request: ListTeamMembersRequest) {
    super();
  }
}
