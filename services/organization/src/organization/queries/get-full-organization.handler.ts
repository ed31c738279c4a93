import type { FullOrganizationView, GetFullOrganizationRequest } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { hasPermission } from '../../access/organization-roles.js';
import { invitationsVisibleTo } from '../../kernel/views/invitations-visible-to.js';
import { toInvitationView } from '../../kernel/views/invitation-view.mapper.js';
import { ORGANIZATION_CONFIG, type OrganizationConfig } from '../../organization.config.js';
import { toTeamView } from '../../kernel/views/team-view.mapper.js';
import { fullReadableOrganization } from '../organization-selection.js';
import { toOrganizationView } from '../../kernel/views/organization-view.mapper.js';

export class GetFullOrganizationQuery extends Query<FullOrganizationView | null> {
  constructor(readonly request: GetFullOrganizationRequest) {
    super();
  }
}

@QueryHandler(GetFullOrganizationQuery)
export class GetFullOrganizationHandler implements IQueryHandler<
  GetFullOrganizationQuery,
  FullOrganizationView | null
> {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(ORGANIZATION_CONFIG) private readonly config: OrganizationConfig,
  ) {}

  /** The organization with its members (and their users), invitations and teams, in one statement. */
  async execute({ request }: GetFullOrganizationQuery): Promise<FullOrganizationView | null> {
    const asked = request.membersLimit === undefined ? this.config.MEMBERSHIP_LIMIT : Number(request.membersLimit);
    const full = await fullReadableOrganization(this.dataSource, request, {
      membersLimit: Math.min(asked, this.config.MEMBERSHIP_LIMIT),
      teams: this.config.TEAMS_ENABLED,
    });
    if (!full) return null;
    // Invitations only for members who may invite (S8), those granting ownership only for owners.
    const invitations = hasPermission(full.caller.role, { invitation: ['create'] })
      ? invitationsVisibleTo(full.caller, full.invitations)
      : [];
    return {
      ...toOrganizationView(full.organization),
      members: full.members,
      invitations: invitations.map(toInvitationView),
      teams: full.teams.map(toTeamView),
    };
  }
}
