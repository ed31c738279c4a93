import { DomainError, OrganizationErrors } from '@authsvc/errors';
import type { OrganizationReads } from '../organization/organization-reads.js';

interface NamesOrganization {
  readonly organizationId?: string;
  readonly activeOrganizationId: string | null;
}

/** The organization a member request is about: the one it names, else the caller's active one. */
export function organizationIdOf(request: NamesOrganization): string {
  const organizationId = request.organizationId || request.activeOrganizationId;
  if (!organizationId) throw new DomainError(OrganizationErrors.NO_ACTIVE_ORGANIZATION);
  return organizationId;
}

/** As `organizationIdOf`, but a slug, when given, names it first. */
export async function readOrganizationId(
  request: NamesOrganization & { readonly organizationSlug?: string },
  organizations: OrganizationReads,
): Promise<string> {
  if (!request.organizationSlug) return organizationIdOf(request);
  const organization = await organizations.organizationBySlug(request.organizationSlug);
  if (!organization) throw new DomainError(OrganizationErrors.ORGANIZATION_NOT_FOUND);
  return organization.id;
}
