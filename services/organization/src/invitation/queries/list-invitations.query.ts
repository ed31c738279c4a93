import type { InvitationView, ListInvitationsRequest } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class ListInvitationsQuery extends Query<InvitationView[]> {
  constructor(readonly request: ListInvitationsRequest) {
    super();
  }
}
