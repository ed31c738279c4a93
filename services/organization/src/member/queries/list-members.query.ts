import type { ListMembersRequest, MemberListView } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class ListMembersQuery extends Query<MemberListView> {
  constructor(readonly request: ListMembersRequest) {
    super();
  }
}
