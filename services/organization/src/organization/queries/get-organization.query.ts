import type { GetOrganizationRequest, OrganizationView } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class GetOrganizationQuery extends Query<OrganizationView | null> {
  constructor(readonly request: GetOrganizationRequest) {
    super();
  }
}
