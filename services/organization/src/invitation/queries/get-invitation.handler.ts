import type { GetInvitationRequest, InvitationDetailsView } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';
import { InvitationReads } from '../../kernel/reads/invitation-reads.js';
import { toInvitationView } from '../../kernel/views/invitation-view.mapper.js';
import { requireReadableInvitation } from '../invitation-visibility.js';

export class GetInvitationQuery extends Query<InvitationDetailsView> {
  constructor(readonly request: GetInvitationRequest) {
    super();
  }
}

@QueryHandler(GetInvitationQuery)
export class GetInvitationHandler implements IQueryHandler<GetInvitationQuery, InvitationDetailsView> {
  constructor(
    private readonly reads: OrganizationReads,
    private readonly invitations: InvitationReads,
  ) {}

  async execute({ request }: GetInvitationQuery): Promise<InvitationDetailsView> {
    const row = await this.invitations.invitation(request.id);
    const { organization, caller: inviter } = row
      ? await this.reads.withCaller(row.organizationId, row.inviterId)
      : { organization: null, caller: null };
    const reader = { email: request.userEmail, now: new Date() };
    const readable = requireReadableInvitation(row, reader, { organization, inviterIsMember: inviter !== null });
    return {
      ...toInvitationView(readable.invitation),
      organizationName: readable.organization.name,
      organizationSlug: readable.organization.slug,
      inviterEmail: readable.invitation.inviterEmail,
    };
  }
}
