import type { MemberListView } from '@authsvc/contracts';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { ORGANIZATION_CONFIG, type OrganizationConfig } from '../../organization.config.js';
import { OrganizationReads } from '../../organization/organization-reads.js';
import { readOrganizationId } from '../member-organization.js';
import { toMemberWithUserView, type MemberWithUserRow } from '../member-reads.js';
import { memberPageStatement } from './member-page.js';
import { ListMembersQuery } from './list-members.query.js';

@QueryHandler(ListMembersQuery)
export class ListMembersHandler implements IQueryHandler<ListMembersQuery, MemberListView> {
  constructor(
    private readonly reads: OrganizationReads,
    private readonly dataSource: DataSource,
    @Inject(ORGANIZATION_CONFIG) private readonly config: OrganizationConfig,
  ) {}

  async execute({ request }: ListMembersQuery): Promise<MemberListView> {
    const organizationId = await readOrganizationId(request, this.reads);
    if (!(await this.reads.membership(organizationId, request.userId))) {
      throw new DomainError(OrganizationErrors.YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION);
    }
    const { filterField, filterValue } = request;
    const { text, values } = memberPageStatement({
      organizationId,
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
    const rows: (MemberWithUserRow & { total: number })[] = await this.dataSource.query(text, [...values]);
    // An empty page is one row with the total and no member.
    const members = rows.filter((row) => row.id !== null).map(toMemberWithUserView);
    return { members, total: rows[0]?.total ?? 0 };
  }
}
