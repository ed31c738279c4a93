import type { ListUserInvitationsRequest, UserInvitationView } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class ListUserInvitationsQuery extends Query<UserInvitationView[]> {
  constructor(readonly request: ListUserInvitationsRequest) {
    super();
  }
}
