import type { ListOrganizationsRequest, OrganizationView } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class ListOrganizationsQuery extends Query<OrganizationView[]> {
  constructor(readonly request: ListOrganizationsRequest) {
    super();
  }
}
