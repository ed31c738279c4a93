import type { ListTeamsRequest, TeamView } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';
import { requireTeamListAccess } from '../team-access.js';
import { TeamEntity } from '../../kernel/read-models/team.entity.js';
import { toTeamView } from '../../kernel/views/team-view.mapper.js';
import { requestedOrganization } from '../../kernel/requested-organization.js';

export class ListTeamsQuery extends Query<TeamView[]> {
  constructor(readonly request: ListTeamsRequest) {
    super();
  }
}

@QueryHandler(ListTeamsQuery)
export class ListTeamsHandler implements IQueryHandler<ListTeamsQuery, TeamView[]> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly reads: OrganizationReads,
  ) {}

  /** One indexed query (teams_organization_idx) once the caller's membership is checked. */
  async execute({ request }: ListTeamsQuery): Promise<TeamView[]> {
    const organizationId = requestedOrganization(request.organizationId, request.activeOrganizationId);
    requireTeamListAccess(await this.reads.membership(organizationId, request.userId));
    const rows = await this.dataSource
      .getRepository(TeamEntity)
      .find({ where: { organizationId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toTeamView);
  }
}
