import type { OrganizationView } from '@authsvc/contracts';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { OrganizationReads } from '../organization-reads.js';
import { readableOrganization } from '../organization-selection.js';
import { toOrganizationView } from '../organization-view.mapper.js';
import { GetOrganizationQuery } from './get-organization.query.js';

@QueryHandler(GetOrganizationQuery)
export class GetOrganizationHandler implements IQueryHandler<GetOrganizationQuery, OrganizationView | null> {
  constructor(private readonly reads: OrganizationReads) {}

  async execute({ request }: GetOrganizationQuery): Promise<OrganizationView | null> {
    const readable = await readableOrganization(this.reads, request);
    return readable && toOrganizationView(readable.organization);
  }
}
