import type { OrganizationView } from '@authsvc/contracts';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { readableOrganization } from '../organization-selection.js';
import { toOrganizationView } from '../../kernel/views/organization-view.mapper.js';
import { GetOrganizationQuery } from './get-organization.query.js';

@QueryHandler(GetOrganizationQuery)
export class GetOrganizationHandler implements IQueryHandler<GetOrganizationQuery, OrganizationView | null> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ request }: GetOrganizationQuery): Promise<OrganizationView | null> {
    const readable = await readableOrganization(this.dataSource, request);
    return readable && toOrganizationView(readable.organization);
  }
}
