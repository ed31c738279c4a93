import {
  AuditQuery,
  AuditRpc,
  auditedTypes,
  IdentityAudit,
  mergeAuditPages,
  OrganizationAudit,
  SessionAudit,
  type AuditPage,
} from '@authsvc/contracts';
import { AuditErrors } from '@authsvc/errors';
import { Get, Query } from '@nestjs/common';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { AdminAccess } from '../admin/admin-access.js';
import { asAdmin } from '../admin/admin-caller.js';
import { Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';
import { auditRequestOf } from './audit-request.js';

/** Reading the log of every user and session: the rights to list both. */
const READ_AUDIT = { user: ['list'], session: ['list'] };

/** Each store the admin audit reads, with the event types it holds. */
const STORES = [
  { rpc: AuditRpc.identity, types: auditedTypes(IdentityAudit) },
  { rpc: AuditRpc.session, types: auditedTypes(SessionAudit) },
  { rpc: AuditRpc.organization, types: auditedTypes(OrganizationAudit) },
];

/**
 * The admin audit: the entries of the identity, session and organization stores, each read by its service, merged
 * here in the log's order (time, then event id), so that a cursor continues every store exactly after the page.
 */
@AuthController()
export class AdminAuditController {
  constructor(
    private readonly services: ServiceClient,
    private readonly access: AdminAccess,
  ) {}

  @Get('admin/audit')
  @WithSession()
  async audit(@Query() query: AuditQuery, @Caller() caller: SignedInCaller): Promise<AuditPage> {
    this.access.require(caller, READ_AUDIT, AuditErrors.YOU_ARE_NOT_ALLOWED_TO_READ_THE_AUDIT_LOG);
    const { filter, pageSize } = auditRequestOf(query);
    const request = { ...filter, ...asAdmin(caller) };
    const asked = STORES.filter(({ types }) => !filter.types || filter.types.some((type) => types.includes(type)));
    const pages = await Promise.all(asked.map(({ rpc }) => this.services.call(rpc, request)));
    return mergeAuditPages(pages, pageSize);
  }
}
