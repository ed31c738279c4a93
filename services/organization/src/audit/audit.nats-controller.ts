import { AuditRpc, ListAuditEntriesRequest, ListOrganizationAuditRequest, type AuditEntry } from '@authsvc/contracts';
import { AuditLog } from '@authsvc/platform';
import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ListOrganizationAuditQuery } from './queries/list-organization-audit.handler.js';

@Controller()
export class AuditNatsController {
  constructor(
    private readonly log: AuditLog,
    private readonly queries: QueryBus,
  ) {}

  /** Every organization's entries, for the gateway's admin audit (which checked the admin's right). */
  @MessagePattern(AuditRpc.organization.subject)
  list(@Payload() request: ListAuditEntriesRequest): Promise<AuditEntry[]> {
    return this.log.entries(request);
  }

  @MessagePattern(AuditRpc.ofOrganization.subject)
  listForOrganization(@Payload() request: ListOrganizationAuditRequest): Promise<AuditEntry[]> {
    return this.queries.execute(new ListOrganizationAuditQuery(request));
  }
}
