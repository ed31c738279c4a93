import type { AuditEntry } from '@authsvc/contracts';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { AuditLog } from '@authsvc/platform';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';
import { requireAuditReader } from '../audit-readers.js';
import { ListOrganizationAuditQuery } from './list-organization-audit.query.js';

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
