import type { GetActiveMemberRoleRequest, MemberRoleView } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class GetActiveMemberRoleQuery extends Query<MemberRoleView> {
  constructor(readonly request: GetActiveMemberRoleRequest) {
    super();
  }
}
