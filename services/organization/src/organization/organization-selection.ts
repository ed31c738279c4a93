import type { OrganizationCaller, OrganizationSelection } from '@authsvc/contracts';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import type { Membership } from './organization.decider.js';
import type { OrganizationEntity } from './organization.entity.js';
import type { OrganizationReads } from './organization-reads.js';

/** A read of an organization the caller is a member of, with their membership. */
export interface ReadableOrganization {
  readonly organization: OrganizationEntity;
  readonly caller: Membership;
}

/**
 * The organization a read names (slug, else id, else the session's active one) and the caller's membership of
 * it; null when nothing is named and nothing is active. An unknown organization is ORGANIZATION_NOT_FOUND and one
 * the caller is not in USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION (403), as the reference answers them.
 */
export async function readableOrganization(
  reads: OrganizationReads,
  request: OrganizationSelection & OrganizationCaller,
): Promise<ReadableOrganization | null> {
  const { organizationSlug, organizationId, activeOrganizationId, userId } = request;
  if (!organizationSlug && !organizationId && !activeOrganizationId) return null;
  const organization = organizationSlug
    ? await reads.organizationBySlug(organizationSlug)
    : await reads.organization((organizationId ?? activeOrganizationId)!);
  if (!organization) throw new DomainError(OrganizationErrors.ORGANIZATION_NOT_FOUND);
  const caller = await reads.membership(organization.id, userId);
  if (!caller) throw new DomainError(OrganizationErrors.USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION);
  return { organization, caller };
}
