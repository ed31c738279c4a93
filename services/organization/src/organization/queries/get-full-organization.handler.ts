import type { FullOrganizationView, InvitationView } from '@authsvc/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { hasPermission } from '../../access/organization-roles.js';
import { invitationsVisibleTo } from '../../invitation/invitation-visibility.js';
import { InvitationReads } from '../../invitation/invitation-reads.js';
import { toInvitationView } from '../../invitation/invitation-view.mapper.js';
import { MemberReads } from '../../member/member-reads.js';
import { ORGANIZATION_CONFIG, type OrganizationConfig } from '../../organization.config.js';
import { TeamEntity } from '../../team/team.entity.js';
import { toTeamView } from '../../team/team-view.mapper.js';
import type { Membership } from '../organization.decider.js';
import { OrganizationReads } from '../organization-reads.js';
import { readableOrganization } from '../organization-selection.js';
import { toOrganizationView } from '../organization-view.mapper.js';
import { GetFullOrganizationQuery } from './get-full-organization.query.js';

@QueryHandler(GetFullOrganizationQuery)
export class GetFullOrganizationHandler implements IQueryHandler<
  GetFullOrganizationQuery,
  FullOrganizationView | null
> {
  constructor(
    private readonly reads: OrganizationReads,
    private readonly members: MemberReads,
    private readonly invitations: InvitationReads,
    private readonly dataSource: DataSource,
    @Inject(ORGANIZATION_CONFIG) private readonly config: OrganizationConfig,
  ) {}

  /** The members (with their users), the invitations and the teams: one indexed query each, run together. */
  async execute({ request }: GetFullOrganizationQuery): Promise<FullOrganizationView | null> {
    const readable = await readableOrganization(this.reads, request);
    if (!readable) return null;
    const { organization, caller } = readable;
    const asked = request.membersLimit === undefined ? this.config.MEMBERSHIP_LIMIT : Number(request.membersLimit);
    const [members, invitations, teams] = await Promise.all([
      this.members.firstOf(organization.id, Math.min(asked, this.config.MEMBERSHIP_LIMIT)),
      this.visibleInvitations(organization.id, caller),
      this.config.TEAMS_ENABLED
        ? this.dataSource.getRepository(TeamEntity).find({
            where: { organizationId: organization.id },
            order: { createdAt: 'ASC', id: 'ASC' },
          })
        : [],
    ]);
    return { ...toOrganizationView(organization), members, invitations, teams: teams.map(toTeamView) };
  }

  /** Invitations only for members who may invite (S8), those granting ownership only for owners. */
  private async visibleInvitations(organizationId: string, caller: Membership): Promise<InvitationView[]> {
    if (!hasPermission(caller.role, { invitation: ['create'] })) return [];
    return invitationsVisibleTo(caller, await this.invitations.ofOrganization(organizationId)).map(toInvitationView);
  }
}
