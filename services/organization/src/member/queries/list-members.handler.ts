import type { ListMembersRequest, MemberListView } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ORGANIZATION_CONFIG, type OrganizationConfig } from '../../organization.config.js';
import { toMemberWithUserView, type MemberWithUserRow } from '../../kernel/reads/member-reads.js';
import { memberPageStatement } from './member-page.js';
import { requestedOrganization } from '../../kernel/requested-organization.js';

export class ListMembersQuery extends Query<MemberListView> {
  constructor(readonly request: ListMembersRequest) {
    super();
  }
}

type MemberPageRow = MemberWithUserRow & { readonly caller_is_member: boolean; readonly total: number };

@QueryHandler(ListMembersQuery)
export class ListMembersHandler implements IQueryHandler<ListMembersQuery, MemberListView> {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(ORGANIZATION_CONFIG) private readonly config: OrganizationConfig,
  ) {}

  async execute({ request }: ListMembersQuery): Promise<MemberListView> {
    const { organizationSlug, filterField, filterValue } = request;
    const { text, values } = memberPageStatement({
      organization: organizationSlug
        ? { slug: organizationSlug }
        : { id: requestedOrganization(request.organizationId, request.activeOrganizationId) },
      userId: request.userId,
      // As the reference: no limit (or 0) is the membership limit.
      limit: Number(request.limit ?? 0) || this.config.MEMBERSHIP_LIMIT,
      offset: Number(request.offset ?? 0),
      sortBy: request.sortBy,
      sortDirection: request.sortDirection,
      filter:
        filterField && filterValue !== undefined
          ? { field: filterField, operator: request.filterOperator ?? 'eq', value: filterValue }
          : undefined,
    });
    const rows: MemberPageRow[] = await this.dataSource.query(text, [...values]);
    const [first] = rows;
    if (!first && organizationSlug) throw new DomainError(OrganizationErrors.ORGANIZATION_NOT_FOUND);
    if (!first?.caller_is_member) throw new DomainError(OrganizationErrors.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
    // An empty page is one row with the total and no member.
    return { members: rows.filter((row) => row.id !== null).map(toMemberWithUserView), total: first.total };
  }
}
