import { countRows, findRow } from '@authsvc/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OrganizationReads } from './organization-reads.js';
import { TeamMemberEntity } from '../read-models/team-member.entity.js';
import { TeamEntity } from '../read-models/team.entity.js';
import { type TeamMembership, type TeamMembershipState, type TeamWithMembers } from '../organization-facts.js';

/** The read-model lookups that decisions and queries about teams share; each one indexed query. */
@Injectable()
export class TeamReads {
  constructor(
    private readonly dataSource: DataSource,
    private readonly organizations: OrganizationReads,
  ) {}

  /** The team, when it is one of this organization's. */
  team(organizationId: string, teamId: string): Promise<TeamEntity | null> {
    return findRow(this.dataSource.manager, TeamEntity, { id: teamId, organizationId });
  }

  /** The team, whichever organization it is in. */
  teamById(teamId: string): Promise<TeamEntity | null> {
    return findRow(this.dataSource.manager, TeamEntity, { id: teamId });
  }

  teamCount(organizationId: string): Promise<number> {
    return countRows(this.dataSource.manager, TeamEntity, { organizationId });
  }

  teamMember(teamId: string, userId: string): Promise<TeamMemberEntity | null> {
    return findRow(this.dataSource.manager, TeamMemberEntity, { teamId, userId });
  }

  teamSize(teamId: string): Promise<number> {
    return countRows(this.dataSource.manager, TeamMemberEntity, { teamId });
  }

  /** The team with its members, when it is one of this organization's. */
  async withMembers(organizationId: string, teamId: string): Promise<TeamWithMembers | null> {
    const [team] = (await this.teamsWithMembers(organizationId, teamId)).values();
    return team ?? null;
  }

  /** Every team of the organization with its members. */
  async allWithMembers(organizationId: string): Promise<TeamWithMembers[]> {
    return [...(await this.teamsWithMembers(organizationId)).values()];
  }

  /** What adding a user to a team, or removing them from it, is decided on. */
  async membershipChange(
    organizationId: string,
    { teamId, callerId, userId }: { teamId: string; callerId: string; userId: string },
  ): Promise<TeamMembershipState> {
    const [caller, target, team, membership, teamSize] = await Promise.all([
      this.organizations.membership(organizationId, callerId),
      this.organizations.membership(organizationId, userId),
      this.team(organizationId, teamId),
      this.teamMember(teamId, userId),
      this.teamSize(teamId),
    ]);
    return { caller, target, team, membership: membership && toTeamMembership(membership), teamSize };
  }

  /** The user's memberships of the organization's teams. */
  async membershipsOf(organizationId: string, userId: string): Promise<TeamMembership[]> {
    const rows = await this.dataSource
      .getRepository(TeamMemberEntity)
      .createQueryBuilder('member')
      .innerJoin(TeamEntity, 'team', 'team.id = member.team_id')
      .where('member.user_id = :userId AND team.organization_id = :organizationId', { userId, organizationId })
      .getMany();
    return rows.map(toTeamMembership);
  }

  /** Teams (all of the organization's, or one) each with its members, from one join. */
  private async teamsWithMembers(organizationId: string, teamId?: string): Promise<Map<string, TeamWithMembers>> {
    const query = this.dataSource
      .createQueryBuilder()
      .select(['team.id AS "teamId"', 'member.id AS "teamMemberId"', 'member.user_id AS "userId"'])
      .from(TeamEntity, 'team')
      .leftJoin(TeamMemberEntity, 'member', 'member.team_id = team.id')
      .where('team.organization_id = :organizationId', { organizationId })
      .orderBy('team.created_at')
      .addOrderBy('team.id');
    if (teamId !== undefined) query.andWhere('team.id = :teamId', { teamId });
    const rows = await query.getRawMany<{ teamId: string; teamMemberId: string | null; userId: string | null }>();
    const teams = new Map<string, { teamId: string; members: TeamMembership[] }>();
    for (const { teamId: id, teamMemberId, userId } of rows) {
      const team = teams.get(id) ?? { teamId: id, members: [] };
      teams.set(id, team);
      if (teamMemberId !== null && userId !== null) team.members.push({ teamId: id, teamMemberId, userId });
    }
    return teams;
  }
}

export function toTeamMembership(row: TeamMemberEntity): TeamMembership {
  return { teamId: row.teamId, teamMemberId: row.id, userId: row.userId };
}
