import { IdentityRpc } from '../identity/identity.rpc.js';
import type { DurableConsumerDefinition, NatsAccess } from '../messaging/nats-access.js';
import {
  ORGANIZATION_EVENTS_STREAM,
  ORGANIZATION_EVENTS_SUBJECTS,
} from '../organization/events/organization-event-types.js';
import { MemberRpc } from '../organization/member.rpc.js';
import { SessionRpc } from '../session/session.rpc.js';

// WARNING: persisted names (durable consumers), do not rename.
export const BackEndConsumers = {
  /**
   * Every organization event, for your internal systems (docs/events.md, examples/subscriber.ts); shared by the
   * replicas of the system that reads it. Replayable: deleted and created again from a point in time.
   */
  organizationEvents: {
    stream: ORGANIZATION_EVENTS_STREAM,
    durableName: 'backend-organization-events',
    filterSubject: ORGANIZATION_EVENTS_SUBJECTS,
    replayable: true,
  },
} as const satisfies Record<string, DurableConsumerDefinition>;

/**
 * Your own server code, trusted to make the requests no HTTP route makes (a first password for a user without
 * one, an admin role by email, ending a session from outside the gateway, adding a user to an organization) and to follow the
 * organization events.
 */
export const BackEndNatsAccess: NatsAccess = {
  user: 'backend',
  serves: [],
  calls: [IdentityRpc.setPassword, IdentityRpc.setRoleByEmail, SessionRpc.revoke, MemberRpc.add],
  consumes: Object.values(BackEndConsumers),
};
