import type { ListUserInvitationsRequest, UserInvitationView } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { InvitationReads } from '../../kernel/reads/invitation-reads.js';
import { requireVerifiedAddress } from '../invitation-visibility.js';

export class ListUserInvitationsQuery extends Query<UserInvitationView[]> {
  constructor(readonly request: ListUserInvitationsRequest) {
    super();
  }
}

@QueryHandler(ListUserInvitationsQuery)
export class ListUserInvitationsHandler implements IQueryHandler<ListUserInvitationsQuery, UserInvitationView[]> {
  constructor(private readonly invitations: InvitationReads) {}

  execute({ request }: ListUserInvitationsQuery): Promise<UserInvitationView[]> {
    requireVerifiedAddress(request.userEmailVerified);
    return this.invitations.openTo(request.userEmail, new Date());
  }
}
