import type { FullOrganizationView, GetFullOrganizationRequest } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class GetFullOrganizationQuery extends Query<FullOrganizationView | null> {
  constructor(readonly request: GetFullOrganizationRequest) {
    super();
  }
}
