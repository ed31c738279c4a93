import type { InvitationView, ListInvitationsRequest } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';
import { InvitationReads } from '../../kernel/reads/invitation-reads.js';
import { toInvitationView } from '../../kernel/views/invitation-view.mapper.js';
import { invitationsVisibleTo } from '../../kernel/views/invitations-visible-to.js';
import { requireInvitationReader } from '../invitation-visibility.js';

export class ListInvitationsQuery extends Query<InvitationView[]> {
  constructor(readonly request: ListInvitationsRequest) {
    super();
  }
}

@QueryHandler(ListInvitationsQuery)
export class ListInvitationsHandler implements IQueryHandler<ListInvitationsQuery, InvitationView[]> {
  constructor(
    private readonly reads: OrganizationReads,
    private readonly invitations: InvitationReads,
  ) {}

  async execute({ request }: ListInvitationsQuery): Promise<InvitationView[]> {
    const organizationId = request.organizationId ?? request.activeOrganizationId;
    if (!organizationId) throw new DomainError(OrganizationErrors.ORGANIZATION_ID_IS_REQUIRED);
    const reader = requireInvitationReader(await this.reads.membership(organizationId, request.userId));
    const invitations = await this.invitations.ofOrganization(organizationId);
    return invitationsVisibleTo(reader, invitations).map(toInvitationView);
  }
}
