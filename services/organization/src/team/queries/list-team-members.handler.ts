import type { ListTeamMembersRequest, TeamMemberView } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';
import { requireTeamMembersAccess, teamOrActive } from '../team-access.js';
import { TeamMemberEntity } from '../../kernel/read-models/team-member.entity.js';
import { TeamReads } from '../../kernel/reads/team-reads.js';
import { toTeamMemberView } from '../../kernel/views/team-view.mapper.js';

export class ListTeamMembersQuery extends Query<TeamMemberView[]> {
  constructor(readonly request: ListTeamMembersRequest) {
    super();
  }
}

@QueryHandler(ListTeamMembersQuery)
export class ListTeamMembersHandler implements IQueryHandler<ListTeamMembersQuery, TeamMemberView[]> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: OrganizationReads,
    private readonly teams: TeamReads,
  ) {}

  async execute({ request }: ListTeamMembersQuery): Promise<TeamMemberView[]> {
    const teamId = teamOrActive(request.teamId, request.activeTeamId);
    const [team, callerInTeam] = await Promise.all([
      this.teams.teamById(teamId),
      this.teams.teamMember(teamId, request.userId),
    ]);
    const callerInOrganization =
      team !== null && (await this.reads.membership(team.organizationId, request.userId)) !== null;
    requireTeamMembersAccess({ team, callerInOrganization, callerInTeam: callerInTeam !== null });
    // One indexed query: the team's part of team_members_team_user_unique.
    const rows = await this.dataSource
      .getRepository(TeamMemberEntity)
      .find({ where: { teamId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toTeamMemberView);
  }
}
