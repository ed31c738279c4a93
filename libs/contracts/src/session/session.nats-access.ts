import {
  IDENTITY_CREDENTIAL_EVENTS_SUBJECTS,
  IDENTITY_EVENTS_STREAM,
  IDENTITY_USER_EVENTS_SUBJECTS,
} from '../identity/identity.events.js';
import { IdentityRpc } from '../identity/identity.rpc.js';
import { eventStreamSubjects, type DurableConsumerDefinition, type NatsAccess } from '../messaging/nats-access.js';
import {
  ORGANIZATION_EVENTS_STREAM,
  ORGANIZATION_EVENTS_SUBJECTS,
} from '../organization/events/organization-event-types.js';
import { SESSION_EVENTS_STREAM } from './session.events.js';
import { SessionRpc } from './session.rpc.js';

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
  /** Clears a session's active organization or team once the user's membership of it ended. */
  organizations: {
    stream: ORGANIZATION_EVENTS_STREAM,
    durableName: 'session-organization',
    filterSubject: ORGANIZATION_EVENTS_SUBJECTS,
  },
} as const satisfies Record<string, DurableConsumerDefinition>;

export const SessionNatsAccess: NatsAccess = {
  user: 'session',
  serves: Object.values(SessionRpc),
  calls: [IdentityRpc.getUser],
  publishes: [{ stream: SESSION_EVENTS_STREAM, subjects: eventStreamSubjects('session') }],
  consumes: Object.values(SessionConsumers),
};
