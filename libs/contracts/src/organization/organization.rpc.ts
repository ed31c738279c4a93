export const ORGANIZATION_QUEUE = 'organization';
/** The organization service's events (organizations, members, invitations, teams) go to this stream. */
export const ORGANIZATION_EVENTS_STREAM = 'ORGANIZATION_EVENTS';
