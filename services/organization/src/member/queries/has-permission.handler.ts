import type { HasPermissionRequest, PermissionCheckView } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { hasPermission } from '../../access/organization-roles.js';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';
import { requestedOrganization } from '../../kernel/requested-organization.js';

export class HasPermissionQuery extends Query<PermissionCheckView> {
  constructor(readonly request: HasPermissionRequest) {
    super();
  }
}

@QueryHandler(HasPermissionQuery)
export class HasPermissionHandler implements IQueryHandler<HasPermissionQuery, PermissionCheckView> {
  constructor(private readonly reads: OrganizationReads) {}

  /**
   * The caller's role as the organization service records it decides, never one the client names. The
   * deprecated `permission` key is always denied (M21): a safe answer for clients that still send it.
   */
  async execute({ request }: HasPermissionQuery): Promise<PermissionCheckView> {
    const organizationId = requestedOrganization(request.organizationId, request.activeOrganizationId);
    const caller = await this.reads.membership(organizationId, request.userId);
    if (!caller) throw new DomainError(OrganizationErrors.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION, { status: 401 });
    const { permissions } = request;
    return { error: null, success: permissions !== undefined && hasPermission(caller.role, permissions) };
  }
}
