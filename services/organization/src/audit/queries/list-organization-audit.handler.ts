import type { AuditEntry, ListOrganizationAuditRequest } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { AuditLog } from '@authsvc/platform';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';
import { requireAuditReader } from '../audit-readers.js';

export class ListOrganizationAuditQuery extends Query<AuditEntry[]> {
  constructor(readonly request: ListOrganizationAuditRequest) {
    super();
  }
}

/** One organization's entries (the one asked, or the caller's active one), for its owners and admins. */
@QueryHandler(ListOrganizationAuditQuery)
export class ListOrganizationAuditHandler implements IQueryHandler<ListOrganizationAuditQuery, AuditEntry[]> {
  constructor(
    private readonly reads: OrganizationReads,
    private readonly log: AuditLog,
  ) {}

  async execute({ request }: ListOrganizationAuditQuery): Promise<AuditEntry[]> {
    const organizationId = request.organizationId ?? request.activeOrganizationId;
    if (!organizationId) throw new DomainError(OrganizationErrors.ORGANIZATION_ID_IS_REQUIRED);
    requireAuditReader(await this.reads.membership(organizationId, request.userId));
    return this.log.entries({ ...request, organizationId });
  }
}
