import type { MemberRoleView } from '@authsvc/contracts';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { OrganizationReads } from '../../organization/organization-reads.js';
import { readOrganizationId } from '../member-organization.js';
import { GetActiveMemberRoleQuery } from './get-active-member-role.query.js';

@QueryHandler(GetActiveMemberRoleQuery)
export class GetActiveMemberRoleHandler implements IQueryHandler<GetActiveMemberRoleQuery, MemberRoleView> {
  constructor(private readonly reads: OrganizationReads) {}

  /** Members only, about members only: another user's role is answered as if the caller were not a member. */
  async execute({ request }: GetActiveMemberRoleQuery): Promise<MemberRoleView> {
    const organizationId = await readOrganizationId(request, this.reads);
    const caller = await this.reads.membership(organizationId, request.userId);
    const asked =
      caller && request.memberUserId ? await this.reads.membership(organizationId, request.memberUserId) : caller;
    if (!asked) throw new DomainError(OrganizationErrors.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
    return { role: asked.role };
  }
}
