import { eventStreamSubjects, type NatsAccess } from '../messaging/nats-access.js';
import { ORGANIZATION_EVENTS_STREAM } from './events/organization-event-types.js';
import { OrganizationRpc } from './organization.rpc.js';
import { TeamRpc } from './team.rpc.js';

export const OrganizationNatsAccess: NatsAccess = {
  user: 'organization',
  serves: [...Object.values(OrganizationRpc), ...Object.values(TeamRpc)],
  calls: [],
  publishes: [{ stream: ORGANIZATION_EVENTS_STREAM, subjects: eventStreamSubjects('organization') }],
  consumes: [],
};
