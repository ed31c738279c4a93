import { eventStreamSubjects, type NatsAccess } from '../messaging/nats-access.js';
import { SessionRpc } from '../session/session.rpc.js';
import { IDENTITY_EVENTS_STREAM } from './identity.events.js';
import { IdentityRpc } from './identity.rpc.js';

export const IdentityNatsAccess: NatsAccess = {
  user: 'identity',
  serves: Object.values(IdentityRpc),
  /** Requests handed on to the session service, which answers the caller. */
  calls: [SessionRpc.create, SessionRpc.refreshUser, SessionRpc.revokeForUser],
  publishes: { stream: IDENTITY_EVENTS_STREAM, subjects: eventStreamSubjects('identity') },
  consumes: [],
};
