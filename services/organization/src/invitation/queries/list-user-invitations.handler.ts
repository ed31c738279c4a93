import type { UserInvitationView } from '@authsvc/contracts';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { InvitationReads } from '../../kernel/reads/invitation-reads.js';
import { requireVerifiedAddress } from '../invitation-visibility.js';
import { ListUserInvitationsQuery } from './list-user-invitations.query.js';

@QueryHandler(ListUserInvitationsQuery)
export class ListUserInvitationsHandler implements IQueryHandler<ListUserInvitationsQuery, UserInvitationView[]> {
  constructor(private readonly invitations: InvitationReads) {}

  execute({ request }: ListUserInvitationsQuery): Promise<UserInvitationView[]> {
    requireVerifiedAddress(request.userEmailVerified);
    return this.invitations.openTo(request.userEmail, new Date());
  }
}
