import type { AuditEntry, ListOrganizationAuditRequest } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class ListOrganizationAuditQuery extends Query<AuditEntry[]> {
  constructor(readonly request: ListOrganizationAuditRequest) {
    super();
  }
}
