import type { ListUserTeamsRequest, TeamView } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';
import { requireUserTeamsAccess, userTeamsAsk, type UserTeamsAsk } from '../team-access.js';
import { TeamEntity } from '../../kernel/read-models/team.entity.js';
import { toTeamView } from '../../kernel/views/team-view.mapper.js';

export class ListUserTeamsQuery extends Query<TeamView[]> {
  constructor(readonly request: ListUserTeamsRequest) {
    super();
  }
}

@QueryHandler(ListUserTeamsQuery)
export class ListUserTeamsHandler implements IQueryHandler<ListUserTeamsQuery, TeamView[]> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: OrganizationReads,
  ) {}

  async execute({ request }: ListUserTeamsQuery): Promise<TeamView[]> {
    const ask = userTeamsAsk({ userId: request.targetUserId, organizationId: request.organizationId }, request);
    if (ask.organizationId !== null) {
      const [caller, target] = await Promise.all([
        this.reads.membership(ask.organizationId, ask.callerId),
        ask.userId === ask.callerId ? null : this.reads.membership(ask.organizationId, ask.userId),
      ]);
      requireUserTeamsAccess(ask, { caller, target });
    }
    return (await this.teamsOf(ask)).map(toTeamView);
  }

  /**
   * One query from the user's team memberships (team_members_user_idx), kept to the organizations they are still
   * a member of.
   */
  private teamsOf({ userId, organizationId }: UserTeamsAsk): Promise<TeamEntity[]> {
    const query = this.dataSource
      .getRepository(TeamEntity)
      .createQueryBuilder('team')
      .innerJoin('team_members', 'team_member', 'team_member.team_id = team.id')
      .innerJoin('members', 'member', 'member.organization_id = team.organization_id AND member.user_id = :userId')
      .where('team_member.user_id = :userId', { userId })
      .orderBy('team.created_at')
      .addOrderBy('team.id');
    if (organizationId !== null) query.andWhere('team.organization_id = :organizationId', { organizationId });
    return query.getMany();
  }
}
