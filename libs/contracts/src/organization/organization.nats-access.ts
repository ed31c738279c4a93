import { eventStreamSubjects, type NatsAccess } from '../messaging/nats-access.js';
import { ORGANIZATION_EVENTS_STREAM } from './events/organization-event-types.js';

export const OrganizationNatsAccess: NatsAccess = {
  user: 'organization',
  serves: [],
  calls: [],
  publishes: [{ stream: ORGANIZATION_EVENTS_STREAM, subjects: eventStreamSubjects('organization') }],
  consumes: [],
};
