import { IDENTITY_EVENTS_STREAM, IDENTITY_USER_EVENTS_SUBJECTS } from '../identity/identity.events.js';
import { IdentityRpc } from '../identity/identity.rpc.js';
import { eventStreamSubjects, type DurableConsumerDefinition, type NatsAccess } from '../messaging/nats-access.js';
import { ORGANIZATION_EVENTS_STREAM } from './events/organization-event-types.js';
import { InvitationRpc } from './invitation.rpc.js';
import { MemberRpc } from './member.rpc.js';
import { OrganizationRpc } from './organization.rpc.js';
import { TeamRpc } from './team.rpc.js';

// WARNING: persisted names (durable consumers), do not rename.
export const OrganizationConsumers = {
  /** Keeps the organization service's copy of identity's users, and ends a deleted user's memberships. */
  identityUsers: {
    stream: IDENTITY_EVENTS_STREAM,
    durableName: 'organization-identity',
    filterSubject: IDENTITY_USER_EVENTS_SUBJECTS,
  },
} as const satisfies Record<string, DurableConsumerDefinition>;

export const OrganizationNatsAccess: NatsAccess = {
  user: 'organization',
  serves: [
    ...Object.values(OrganizationRpc),
    ...Object.values(MemberRpc),
    ...Object.values(TeamRpc),
    ...Object.values(InvitationRpc),
  ],
  // A user needed before their registration event arrived, or an event that arrived out of order.
  calls: [IdentityRpc.getUser],
  publishes: [{ stream: ORGANIZATION_EVENTS_STREAM, subjects: eventStreamSubjects('organization') }],
  consumes: Object.values(OrganizationConsumers),
};
