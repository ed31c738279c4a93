import { findRow, preparedQuery } from '@authsvc/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MemberEntity } from '../read-models/member.entity.js';
import { OrganizationEntity } from '../read-models/organization.entity.js';
import { type CreationState, type Membership } from '../organization-facts.js';

/** The read-model lookups that decisions and queries about organizations share. */
@Injectable()
export class OrganizationReads {
  constructor(private readonly dataSource: DataSource) {}

  organization(organizationId: string): Promise<OrganizationEntity | null> {
    return findRow(this.dataSource.manager, OrganizationEntity, { id: organizationId });
  }

  organizationBySlug(slug: string): Promise<OrganizationEntity | null> {
    return findRow(this.dataSource.manager, OrganizationEntity, { slug });
  }

  async membership(organizationId: string, userId: string): Promise<Membership | null> {
    const row = await findRow(this.dataSource.manager, MemberEntity, { organizationId, userId });
    return row ? toMembership(row) : null;
  }

  async members(organizationId: string): Promise<Membership[]> {
    return (await this.dataSource.getRepository(MemberEntity).findBy({ organizationId })).map(toMembership);
  }

  /**
   * What a creation is decided on, in one statement: whether the slug is taken, and the creator's memberships
   * counted up to `limit` (the per-user limit; 0, no limit, counts none), so that a user in many organizations
   * does not pay for counting them all.
   */
  async creationState(userId: string, slug: string, limit: number): Promise<CreationState> {
    const [row] = await preparedQuery<{ memberships: number; slug_taken: boolean }>(
      this.dataSource.manager,
      `SELECT (SELECT count(*)::int FROM (SELECT FROM organization.members WHERE user_id = $1 LIMIT $3) AS m)
                AS memberships,
              EXISTS (SELECT 1 FROM organization.organizations WHERE slug = $2) AS slug_taken`,
      [userId, slug, limit],
    );
    return { creatorMemberships: row!.memberships, slugTaken: row!.slug_taken };
  }

  /** The organization and the caller's membership in it, as the rules of most commands need them. */
  async withCaller(
    organizationId: string,
    userId: string,
  ): Promise<{ organization: OrganizationEntity | null; caller: Membership | null }> {
    const [organization, caller] = await Promise.all([
      this.organization(organizationId),
      this.membership(organizationId, userId),
    ]);
    return { organization, caller };
  }
}

export function toMembership(row: MemberEntity): Membership {
  return { memberId: row.id, userId: row.userId, role: row.role };
}
