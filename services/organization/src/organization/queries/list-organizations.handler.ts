import type { OrganizationView } from '@authsvc/contracts';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { OrganizationEntity } from '../organization.entity.js';
import { toOrganizationView } from '../organization-view.mapper.js';
import { ListOrganizationsQuery } from './list-organizations.query.js';

@QueryHandler(ListOrganizationsQuery)
export class ListOrganizationsHandler implements IQueryHandler<ListOrganizationsQuery, OrganizationView[]> {
  constructor(private readonly dataSource: DataSource) {}

  /** One indexed query: the user's memberships (members_user_idx) joined to their organizations. */
  async execute({ userId }: ListOrganizationsQuery): Promise<OrganizationView[]> {
    const rows = await this.dataSource
      .getRepository(OrganizationEntity)
      .createQueryBuilder('organization')
      .innerJoin('members', 'member', 'member.organization_id = organization.id')
      .where('member.user_id = :userId', { userId })
      .orderBy('organization.created_at')
      .getMany();
    return rows.map(toOrganizationView);
  }
}
