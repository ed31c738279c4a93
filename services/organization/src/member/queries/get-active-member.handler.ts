import type { OrganizationCallerRequest, MemberWithUserView } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { MemberReadModelWriter } from '../../kernel/read-models/member-read-model-writer.js';
import { MemberReads, toMemberWithUserView } from '../../kernel/reads/member-reads.js';

export class GetActiveMemberQuery extends Query<MemberWithUserView> {
  constructor(readonly request: OrganizationCallerRequest) {
    super();
  }
}

@QueryHandler(GetActiveMemberQuery)
export class GetActiveMemberHandler implements IQueryHandler<GetActiveMemberQuery, MemberWithUserView> {
  constructor(
    private readonly members: MemberReads,
    private readonly memberReadModel: MemberReadModelWriter,
  ) {}

  /** Asked when the gateway missed the member read model: the answer fills it for the next read. */
  async execute({ request }: GetActiveMemberQuery): Promise<MemberWithUserView> {
    const { activeOrganizationId, userId } = request;
    if (!activeOrganizationId) throw new DomainError(OrganizationErrors.NO_ACTIVE_ORGANIZATION);
    const member = await this.members.withUser(activeOrganizationId, userId);
    if (!member) throw new DomainError(OrganizationErrors.MEMBER_NOT_FOUND);
    // An unreachable Redis leaves the next read a miss again; it does not fail this one.
    await this.memberReadModel.fill(activeOrganizationId, userId).catch(() => undefined);
    return toMemberWithUserView(member);
  }
}
