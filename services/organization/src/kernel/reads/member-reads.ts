import type { MemberWithUserView } from '@authsvc/contracts';
import { preparedQuery } from '@authsvc/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { CREATOR_ROLE } from '../../access/organization-roles.js';
import { type Membership, type PlacedMembership } from '../organization-facts.js';

/** A member row joined to its user's profile. */
export interface MemberWithUserRow {
  readonly id: string;
  readonly organization_id: string;
  readonly user_id: string;
  readonly role: string;
  readonly created_at: Date;
  readonly name: string | null;
  readonly email: string | null;
  readonly image: string | null;
}

/**
 * The member columns with the user's, as every member read selects them: `members` (the table, or a page of
 * it, as `m`) joined to the profiles.
 */
export function membersWithUsers(members = 'organization.members m'): string {
  return `
    SELECT m.id, m.organization_id, m.user_id, m.role, m.created_at, p.name, p.email, p.image
    FROM ${members} JOIN organization.user_profiles p ON p.user_id = m.user_id`;
}

const MEMBER_WITH_USER = membersWithUsers();

export function toMemberWithUserView(row: MemberWithUserRow): MemberWithUserView {
  return {
    id: row.id,
    organizationId: row.organization_id,
    userId: row.user_id,
    role: row.role,
    createdAt: row.created_at.toISOString(),
    // A profile is never missing its name and email but for a user deleted a moment ago, whose memberships
    // are ending as it is read.
    user: { id: row.user_id, name: row.name ?? '', email: row.email ?? '', image: row.image },
  };
}

function toPlacedMembership(row: MemberWithUserRow): PlacedMembership {
  return { memberId: row.id, userId: row.user_id, role: row.role, organizationId: row.organization_id };
}

/** The member lookups that decisions and answers about memberships need, each one indexed query. */
@Injectable()
export class MemberReads {
  constructor(private readonly dataSource: DataSource) {}

  private async first(text: string, values: readonly unknown[]): Promise<MemberWithUserRow | null> {
    const [row] = await preparedQuery<MemberWithUserRow>(this.dataSource.manager, text, values);
    return row ?? null;
  }

  /** A user's membership of an organization, with the user. */
  withUser(organizationId: string, userId: string): Promise<MemberWithUserRow | null> {
    return this.first(`${MEMBER_WITH_USER} WHERE m.organization_id = $1 AND m.user_id = $2`, [organizationId, userId]);
  }

  /** The member of an organization whose user has this email, compared case-insensitively. */
  byEmail(organizationId: string, email: string): Promise<MemberWithUserRow | null> {
    return this.first(`${MEMBER_WITH_USER} WHERE m.organization_id = $1 AND lower(p.email) = lower($2)`, [
      organizationId,
      email,
    ]);
  }

  /** A member by id, in whichever organization it is, with the user. */
  async byId(memberId: string): Promise<MemberWithUserRow | null> {
    return this.first(`${MEMBER_WITH_USER} WHERE m.id = $1`, [memberId]);
  }

  async placed(memberId: string): Promise<PlacedMembership | null> {
    const row = await this.byId(memberId);
    return row ? toPlacedMembership(row) : null;
  }

  /**
   * The organization's owners, counted up to two: the rules only ask whether there is more than one. Roles are
   * stored trimmed and comma-joined.
   */
  async owners(organizationId: string): Promise<number> {
    const [row] = await preparedQuery<{ owners: number }>(
      this.dataSource.manager,
      `SELECT count(*)::int AS owners FROM (
        SELECT 1 FROM organization.members WHERE organization_id = $1 AND $2 = ANY(string_to_array(role, ',')) LIMIT 2
      ) owner`,
      [organizationId, CREATOR_ROLE],
    );
    return row!.owners;
  }

  async count(organizationId: string): Promise<number> {
    const [row] = await preparedQuery<{ members: number }>(
      this.dataSource.manager,
      'SELECT count(*)::int AS members FROM organization.members WHERE organization_id = $1',
      [organizationId],
    );
    return row!.members;
  }

  /** The longest-standing member other than `userId` holding `role` (any role: null). */
  async oldestOther(organizationId: string, userId: string, role: string | null): Promise<Membership | null> {
    const [row] = await preparedQuery<{ id: string; user_id: string; role: string }>(
      this.dataSource.manager,
      `SELECT id, user_id, role FROM organization.members
       WHERE organization_id = $1 AND ($2::text IS NULL OR $2 = ANY(string_to_array(role, ','))) AND user_id <> $3
       ORDER BY created_at, id LIMIT 1`,
      [organizationId, role, userId],
    );
    return row ? { memberId: row.id, userId: row.user_id, role: row.role } : null;
  }

  /** The organizations a user is a member of (members_user_joined_idx). */
  async organizationsOf(userId: string): Promise<string[]> {
    const rows = await preparedQuery<{ organization_id: string }>(
      this.dataSource.manager,
      'SELECT organization_id FROM organization.members WHERE user_id = $1',
      [userId],
    );
    return rows.map((row) => row.organization_id);
  }
}

export function toMembership(row: MemberWithUserRow): Membership {
  return { memberId: row.id, userId: row.user_id, role: row.role };
}
