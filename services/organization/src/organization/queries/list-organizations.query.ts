import type { OrganizationView } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class ListOrganizationsQuery extends Query<OrganizationView[]> {
  constructor(readonly userId: string) {
    super();
  }
}
