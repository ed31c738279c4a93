import type { MemberWithUserView, OrganizationCaller, OrganizationSelection } from '@authsvc/contracts';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import type { DataSource, EntityTarget, ObjectLiteral } from 'typeorm';
import { InvitationEntity } from '../kernel/read-models/invitation.entity.js';
import { membersWithUsers, toMemberWithUserView, type MemberWithUserRow } from '../kernel/reads/member-reads.js';
import { TeamEntity } from '../kernel/read-models/team.entity.js';
import { OrganizationEntity } from '../kernel/read-models/organization.entity.js';
import { type Membership } from '../kernel/organization-facts.js';

/** A read of an organization the caller is a member of, with their membership. */
export interface ReadableOrganization {
  readonly organization: OrganizationEntity;
  readonly caller: Membership;
}

/** What get-full-organization brings along: the first members with their users, the invitations, the teams. */
export interface FullReadableOrganization extends ReadableOrganization {
  readonly members: MemberWithUserView[];
  readonly invitations: InvitationEntity[];
  readonly teams: TeamEntity[];
}

export interface FullReadOptions {
  readonly membersLimit: number;
  readonly teams: boolean;
}

/** The organization a read names: its slug, else its id, else the session's active one; null when none. */
export function selectedOrganization(
  request: OrganizationSelection & Pick<OrganizationCaller, 'activeOrganizationId'>,
): { readonly id: string } | { readonly slug: string } | null {
  const { organizationSlug, organizationId, activeOrganizationId } = request;
  if (organizationSlug) return { slug: organizationSlug };
  const id = organizationId ?? activeOrganizationId;
  return id ? { id } : null;
}

/**
 * One statement for an organization (by id or slug) and the caller's membership of it, and for a full read the
 * rest, each part gated on that membership: no row when the organization does not exist.
 */
export function organizationReadStatement(
  target: { readonly id: string } | { readonly slug: string },
  userId: string,
  full?: FullReadOptions,
): { text: string; values: unknown[] } {
  const byId = 'id' in target;
  const values: unknown[] = [byId ? target.id : target.slug, userId];
  const member = 'EXISTS (SELECT 1 FROM caller)';
  let parts = '';
  if (full) {
    values.push(full.membersLimit, full.teams);
    // The first ids come from the members index alone, then their rows: the plan is made before the organization
    // is known, and a large one read whole and sorted costs what the page does not.
    const firstMembers = `(
      SELECT id FROM organization.members WHERE organization_id = t.id ORDER BY created_at, id LIMIT $3
    ) ids JOIN organization.members m ON m.id = ids.id`;
    parts = `,
      (SELECT coalesce(json_agg(m ORDER BY m.created_at, m.id), '[]') FROM (${membersWithUsers(firstMembers)}) m
        WHERE ${member}) AS members,
      (SELECT coalesce(json_agg(i ORDER BY i.created_at, i.id), '[]') FROM organization.invitations i
        WHERE i.organization_id = t.id AND ${member}) AS invitations,
      (SELECT coalesce(json_agg(team ORDER BY team.created_at, team.id), '[]') FROM organization.teams team
        WHERE team.organization_id = t.id AND $4 AND ${member}) AS teams`;
  }
  const text = `
    WITH t AS (SELECT * FROM organization.organizations WHERE ${byId ? 'id' : 'slug'} = $1),
    caller AS (SELECT c.id, c.user_id, c.role FROM organization.members c JOIN t ON c.organization_id = t.id
      WHERE c.user_id = $2)
    SELECT row_to_json(t) AS organization, (SELECT row_to_json(caller) FROM caller) AS caller${parts}
    FROM t`;
  return { text, values };
}

type Json = Record<string, unknown>;

/**
 * The organization a read names and the caller's membership of it; null when nothing is named and nothing is
 * active. An unknown organization is ORGANIZATION_NOT_FOUND and one the caller is not in
 * USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION (403), as the reference answers them.
 */
export async function readableOrganization(
  dataSource: DataSource,
  request: OrganizationSelection & OrganizationCaller,
): Promise<ReadableOrganization | null> {
  const row = await readOrganizationRow(dataSource, request);
  return row && readable(dataSource, row);
}

/** readableOrganization, with the members (up to the limit), the invitations and the teams. */
export async function fullReadableOrganization(
  dataSource: DataSource,
  request: OrganizationSelection & OrganizationCaller,
  options: FullReadOptions,
): Promise<FullReadableOrganization | null> {
  const row = await readOrganizationRow(dataSource, request, options);
  if (!row) return null;
  const asEntities = <T extends ObjectLiteral>(entity: EntityTarget<T>, rows: unknown) =>
    (rows as Json[]).map((json) => fromJson(dataSource, entity, json));
  return {
    ...readable(dataSource, row),
    members: (row.members as MemberWithUserRow[]).map((member) =>
      toMemberWithUserView({ ...member, created_at: new Date(member.created_at) }),
    ),
    invitations: asEntities(InvitationEntity, row.invitations),
    teams: asEntities(TeamEntity, row.teams),
  };
}

async function readOrganizationRow(
  dataSource: DataSource,
  request: OrganizationSelection & OrganizationCaller,
  full?: FullReadOptions,
): Promise<Json | null> {
  const target = selectedOrganization(request);
  if (!target) return null;
  const { text, values } = organizationReadStatement(target, request.userId, full);
  const [row] = (await dataSource.query(text, values)) as Json[];
  if (!row) throw new DomainError(OrganizationErrors.ORGANIZATION_NOT_FOUND);
  if (!row.caller) throw new DomainError(OrganizationErrors.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION);
  return row;
}

function readable(dataSource: DataSource, row: Json): ReadableOrganization {
  const caller = row.caller as { id: string; user_id: string; role: string };
  return {
    organization: fromJson(dataSource, OrganizationEntity, row.organization as Json),
    caller: { memberId: caller.id, userId: caller.user_id, role: caller.role },
  };
}

/** An entity from the JSON that Postgres made of its row: columns by property name, timestamps as dates. */
function fromJson<T extends ObjectLiteral>(dataSource: DataSource, entity: EntityTarget<T>, json: Json): T {
  const metadata = dataSource.getMetadata(entity);
  const row = metadata.create() as Json;
  for (const column of metadata.columns) {
    const value = json[column.databaseName];
    row[column.propertyName] = column.type === 'timestamptz' && typeof value === 'string' ? new Date(value) : value;
  }
  return row as T;
}
