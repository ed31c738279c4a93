import { AuditRpc, mergeAuditPages, OrganizationAuditQuery, type AuditPage } from '@authsvc/contracts';
import { Get, Query } from '@nestjs/common';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { asOrganizationCaller } from '../organization/organization-caller.js';
import { ServiceClient } from '../rpc/service-client.js';
import { auditRequestOf } from './audit-request.js';

/** One organization's audit log (`organizationId`, else the session's active one): its owners and admins read it. */
@AuthController()
export class OrganizationAuditController {
  constructor(private readonly services: ServiceClient) {}

  @Get('organization/audit')
  @WithSession()
  async audit(@Query() query: OrganizationAuditQuery, @Caller() caller: SignedInCaller): Promise<AuditPage> {
    const { filter, pageSize } = auditRequestOf(query);
    const request = { ...filter, organizationId: query.organizationId, ...asOrganizationCaller(caller) };
    return mergeAuditPages([await this.services.call(AuditRpc.ofOrganization, request)], pageSize);
  }
}
