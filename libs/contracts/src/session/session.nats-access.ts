import {
  IDENTITY_CREDENTIAL_EVENTS_SUBJECTS,
  IDENTITY_EVENTS_STREAM,
  IDENTITY_USER_EVENTS_SUBJECTS,
} from '../identity/identity.events.js';
import { IdentityRpc } from '../identity/identity.rpc.js';
import { eventStreamSubjects, type DurableConsumerDefinition, type NatsAccess } from '../messaging/nats-access.js';
import { MemberRemoved } from '../organization/events/member.events.js';
import { ORGANIZATION_EVENTS_STREAM } from '../organization/events/organization-event-types.js';
import { TeamMemberRemoved } from '../organization/events/team.events.js';
import { SESSION_EVENTS_STREAM } from './session.events.js';
import { SessionRpc } from './session.rpc.js';
import { AuditRpc } from '../audit/audit.rpc.js';

// WARNING: persisted names (durable consumers), do not rename.
export const SessionConsumers = {
  /** Keeps the user snapshots. */
  identityUsers: {
    stream: IDENTITY_EVENTS_STREAM,
    durableName: 'session-identity',
    filterSubject: IDENTITY_USER_EVENTS_SUBJECTS,
  },
  /** Ends sessions on password changes. */
  identityCredentials: {
    stream: IDENTITY_EVENTS_STREAM,
    durableName: 'session-identity-credentials',
    filterSubject: IDENTITY_CREDENTIAL_EVENTS_SUBJECTS,
  },
  /**
   * Clear a session's active organization, or its active team, once the user's membership of it ended. Only
   * these two subjects: the rest of the stream (invitations carry addresses and names) is none of its business.
   */
  organizationMembers: {
    stream: ORGANIZATION_EVENTS_STREAM,
    durableName: 'session-organization-members',
    filterSubject: MemberRemoved.subject,
  },
  organizationTeams: {
    stream: ORGANIZATION_EVENTS_STREAM,
    durableName: 'session-organization-teams',
    filterSubject: TeamMemberRemoved.subject,
  },
} as const satisfies Record<string, DurableConsumerDefinition>;

export const SessionNatsAccess: NatsAccess = {
  user: 'session',
  serves: [...Object.values(SessionRpc), AuditRpc.session],
  calls: [IdentityRpc.getUser],
  publishes: [{ stream: SESSION_EVENTS_STREAM, subjects: eventStreamSubjects('session') }],
  consumes: Object.values(SessionConsumers),
};
