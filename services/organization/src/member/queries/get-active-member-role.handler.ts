import type { GetActiveMemberRoleRequest, MemberRoleView } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';
import { readOrganizationId } from '../member-organization.js';
import { MemberReadModelWriter } from '../../kernel/read-models/member-read-model-writer.js';

export class GetActiveMemberRoleQuery extends Query<MemberRoleView> {
  constructor(readonly request: GetActiveMemberRoleRequest) {
    super();
  }
}

@QueryHandler(GetActiveMemberRoleQuery)
export class GetActiveMemberRoleHandler implements IQueryHandler<GetActiveMemberRoleQuery, MemberRoleView> {
  constructor(
    private readonly reads: OrganizationReads,
    private readonly memberReadModel: MemberReadModelWriter,
  ) {}

  /**
   * Members only, about members only: another user's role is answered as if the caller were not a member. The
   * caller's own membership fills the member read model, which the gateway answers their next ask from.
   */
  async execute({ request }: GetActiveMemberRoleQuery): Promise<MemberRoleView> {
    const organizationId = await readOrganizationId(request, this.reads);
    const caller = await this.reads.membership(organizationId, request.userId);
    const asked =
      caller && request.memberUserId ? await this.reads.membership(organizationId, request.memberUserId) : caller;
    if (!asked) throw new DomainError(OrganizationErrors.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
    if (caller) await this.memberReadModel.fill(organizationId, request.userId).catch(() => undefined);
    return { role: asked.role };
  }
}
