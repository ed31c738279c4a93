import type { MemberView, OrganizationView } from '@authsvc/contracts';
import type { MemberEntity } from '../read-models/member.entity.js';
import type { OrganizationEntity } from '../read-models/organization.entity.js';

export function toOrganizationView(row: OrganizationEntity): OrganizationView {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    logo: row.logo,
    metadata: row.metadata,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The organization with its metadata parsed, as create and update answer it. */
export function withParsedMetadata(view: OrganizationView): Omit<OrganizationView, 'metadata'> & {
  metadata: Record<string, unknown> | undefined;
} {
  return {
    ...view,
    metadata: view.metadata === null ? undefined : (JSON.parse(view.metadata) as Record<string, unknown>),
  };
}

export function toMemberView(row: MemberEntity): MemberView {
  return {
    id: row.id,
    organizationId: row.organizationId,
    userId: row.userId,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
  };
}
