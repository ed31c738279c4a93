import type { MemberWithUserView } from '@authsvc/contracts';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { MemberReads, toMemberWithUserView } from '../member-reads.js';
import { GetActiveMemberQuery } from './get-active-member.query.js';

@QueryHandler(GetActiveMemberQuery)
export class GetActiveMemberHandler implements IQueryHandler<GetActiveMemberQuery, MemberWithUserView> {
  constructor(private readonly members: MemberReads) {}

  async execute({ request }: GetActiveMemberQuery): Promise<MemberWithUserView> {
    const { activeOrganizationId, userId } = request;
    if (!activeOrganizationId) throw new DomainError(OrganizationErrors.NO_ACTIVE_ORGANIZATION);
    const member = await this.members.withUser(activeOrganizationId, userId);
    if (!member) throw new DomainError(OrganizationErrors.MEMBER_NOT_FOUND);
    return toMemberWithUserView(member);
  }
}
