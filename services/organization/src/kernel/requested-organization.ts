import { DomainError, OrganizationErrors } from '@authsvc/errors';

/** The organization a team request is about: the one it names, else the caller's active one. */
export function requestedOrganization(named: string | undefined, active: string | null): string {
  // An empty id names nothing, as in the reference.
  const organizationId = named || active;
  if (!organizationId) throw new DomainError(OrganizationErrors.NO_ACTIVE_ORGANIZATION);
  return organizationId;
}
