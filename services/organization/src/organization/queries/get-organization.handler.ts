import type { GetOrganizationRequest, OrganizationView } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { readableOrganization } from '../organization-selection.js';
import { toOrganizationView } from '../../kernel/views/organization-view.mapper.js';

export class GetOrganizationQuery extends Query<OrganizationView | null> {
  constructor(readonly request: GetOrganizationRequest) {
    super();
  }
}

@QueryHandler(GetOrganizationQuery)
export class GetOrganizationHandler implements IQueryHandler<GetOrganizationQuery, OrganizationView | null> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ request }: GetOrganizationQuery): Promise<OrganizationView | null> {
    const readable = await readableOrganization(this.dataSource, request);
    return readable && toOrganizationView(readable.organization);
  }
}
