import { IDENTITY_EVENTS_STREAM, IDENTITY_USER_EVENTS_SUBJECTS } from '../identity/identity.events.js';
import { IdentityRpc } from '../identity/identity.rpc.js';
import { eventStreamSubjects, type DurableConsumerDefinition, type NatsAccess } from '../messaging/nats-access.js';
import { MEMBER_EVENTS_SUBJECTS } from './events/member.events.js';
import { ORGANIZATION_EVENTS_STREAM, ORGANIZATION_EVENTS_SUBJECTS } from './events/organization-event-types.js';
import { InvitationRpc } from './invitation.rpc.js';
import { MemberRpc } from './member.rpc.js';
import { OrganizationRpc } from './organization.rpc.js';
import { TeamRpc } from './team.rpc.js';
import { WebhookRpc } from './webhook.rpc.js';
import { AuditRpc } from '../audit/audit.rpc.js';

// WARNING: persisted names (durable consumers), do not rename.
export const OrganizationConsumers = {
  /** Keeps the organization service's copy of identity's users, and ends a deleted user's memberships. */
  identityUsers: {
    stream: IDENTITY_EVENTS_STREAM,
    durableName: 'organization-identity',
    filterSubject: IDENTITY_USER_EVENTS_SUBJECTS,
  },
  /**
   * Its own membership events, which bring the published member read model (member-read-model.ts) in line
   * when the write made before a command answered did not happen (a crash between the commit and it).
   */
  memberReadModel: {
    stream: ORGANIZATION_EVENTS_STREAM,
    durableName: 'organization-member-read-model',
    filterSubject: MEMBER_EVENTS_SUBJECTS,
  },
  /**
   * Every organization event, queued as one delivery per webhook of its organization that asks for its type: in
   * stream order, so an event's deliveries exist before the next event's; a short ack wait, since the queueing
   * takes milliseconds and a crashed replica's event must reach the other soon.
   */
  webhooks: {
    stream: ORGANIZATION_EVENTS_STREAM,
    durableName: 'organization-webhooks',
    filterSubject: ORGANIZATION_EVENTS_SUBJECTS,
    inStreamOrder: true,
    ackWaitMs: 10_000,
  },
} as const satisfies Record<string, DurableConsumerDefinition>;

export const OrganizationNatsAccess: NatsAccess = {
  user: 'organization',
  serves: [
    ...Object.values(OrganizationRpc),
    ...Object.values(MemberRpc),
    ...Object.values(TeamRpc),
    ...Object.values(InvitationRpc),
    ...Object.values(WebhookRpc),
    AuditRpc.organization,
    AuditRpc.ofOrganization,
  ],
  // A user needed before their registration event arrived, or an event that arrived out of order.
  calls: [IdentityRpc.getUser],
  publishes: [{ stream: ORGANIZATION_EVENTS_STREAM, subjects: eventStreamSubjects('organization') }],
  consumes: Object.values(OrganizationConsumers),
};
