import { DomainError, OrganizationErrors } from '@authsvc/errors';
import type { OrganizationReads } from '../kernel/reads/organization-reads.js';
import { requestedOrganization } from '../kernel/requested-organization.js';

/** The organization a member read is about: the one its slug names, else its id, else the caller's active one. */
export async function readOrganizationId(
  request: {
    readonly organizationId?: string;
    readonly organizationSlug?: string;
    activeOrganizationId: string | null;
  },
  organizations: OrganizationReads,
): Promise<string> {
  if (!request.organizationSlug) return requestedOrganization(request.organizationId, request.activeOrganizationId);
  const organization = await organizations.organizationBySlug(request.organizationSlug);
  if (!organization) throw new DomainError(OrganizationErrors.ORGANIZATION_NOT_FOUND);
  return organization.id;
}
