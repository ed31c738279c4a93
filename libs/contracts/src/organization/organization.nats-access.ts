import { eventStreamSubjects, type NatsAccess } from '../messaging/nats-access.js';
import { ORGANIZATION_EVENTS_STREAM } from './events/organization-event-types.js';
import { InvitationRpc } from './invitation.rpc.js';
import { OrganizationRpc } from './organization.rpc.js';
import { TeamRpc } from './team.rpc.js';

export const OrganizationNatsAccess: NatsAccess = {
  user: 'organization',
  serves: [...Object.values(OrganizationRpc), ...Object.values(TeamRpc), ...Object.values(InvitationRpc)],
  calls: [],
  publishes: [{ stream: ORGANIZATION_EVENTS_STREAM, subjects: eventStreamSubjects('organization') }],
  consumes: [],
};
