import type { OrganizationCallerRequest, MemberWithUserView } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class GetActiveMemberQuery extends Query<MemberWithUserView> {
  constructor(readonly request: OrganizationCallerRequest) {
    super();
  }
}
