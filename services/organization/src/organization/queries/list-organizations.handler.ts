import type { ListOrganizationsRequest, OrganizationView } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { preparedQuery } from '@authsvc/platform';
import { DataSource } from 'typeorm';
import { toOrganizationView } from '../../kernel/views/organization-view.mapper.js';
import type { OrganizationEntity } from '../../kernel/read-models/organization.entity.js';

export class ListOrganizationsQuery extends Query<OrganizationView[]> {
  constructor(readonly request: ListOrganizationsRequest) {
    super();
  }
}

type OrganizationRow = Omit<OrganizationEntity, 'createdAt'> & { readonly created_at: Date };

/**
 * The caller's organizations in the order they joined them, in one statement: the page of memberships is cut
 * from members_user_joined_idx alone, then only its organizations are read.
 */
const LIST = `
  SELECT o.id, o.name, o.slug, o.logo, o.metadata, o.created_at
  FROM (
    SELECT organization_id, created_at FROM organization.members WHERE user_id = $1
    ORDER BY created_at, organization_id LIMIT $2 OFFSET $3
  ) m JOIN organization.organizations o ON o.id = m.organization_id
  ORDER BY m.created_at, m.organization_id`;

@QueryHandler(ListOrganizationsQuery)
export class ListOrganizationsHandler implements IQueryHandler<ListOrganizationsQuery, OrganizationView[]> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ request }: ListOrganizationsQuery): Promise<OrganizationView[]> {
    // No limit is every organization (LIMIT NULL), as the reference lists them.
    const limit = request.limit === undefined ? null : Number(request.limit);
    const rows = await preparedQuery<OrganizationRow>(this.dataSource.manager, LIST, [
      request.userId,
      limit,
      Number(request.offset ?? 0),
    ]);
    return rows.map(({ created_at, ...row }) => toOrganizationView({ ...row, createdAt: created_at }));
  }
}
