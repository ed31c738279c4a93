import type { GetInvitationRequest, InvitationDetailsView } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class GetInvitationQuery extends Query<InvitationDetailsView> {
  constructor(readonly request: GetInvitationRequest) {
    super();
  }
}
