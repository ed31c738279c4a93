import {
  IDENTITY_EVENTS_STREAM,
  IDENTITY_MAIL_STREAM,
  IDENTITY_MAIL_SUBJECTS,
  UserDeleted,
} from '../identity/identity.events.js';
import type { DurableConsumerDefinition, NatsAccess } from '../messaging/nats-access.js';
import {
  ORGANIZATION_EVENTS_STREAM,
  ORGANIZATION_INVITATION_EVENTS_SUBJECTS,
} from '../organization/events/organization-event-types.js';
import { OrganizationDeleted } from '../organization/events/organization.events.js';
import { MailerRpc } from './mailer.rpc.js';

/** Durable JetStream consumer through which the mailer reads the identity service's mail requests. */
export const MAILER_IDENTITY_CONSUMER = 'mailer-identity-mail';
/** Durable JetStream consumer through which the mailer learns of deleted users (`UserDeleted`'s subject only). */
export const MAILER_IDENTITY_EVENTS_CONSUMER = 'mailer-identity-events';
/** Durable JetStream consumer through which the mailer reads the organization service's invitation events. */
export const MAILER_ORGANIZATION_INVITATIONS_CONSUMER = 'mailer-organization-invitations';
/** Durable JetStream consumer through which the mailer learns of deleted organizations (`OrganizationDeleted` only). */
export const MAILER_ORGANIZATION_EVENTS_CONSUMER = 'mailer-organization-events';

// WARNING: persisted names (durable consumers), do not rename.
export const MailerConsumers = {
  /** The identity service's mail requests. */
  identityMail: {
    stream: IDENTITY_MAIL_STREAM,
    durableName: MAILER_IDENTITY_CONSUMER,
    filterSubject: IDENTITY_MAIL_SUBJECTS,
  },
  /** Deleted users, whose mails go (`UserDeleted`'s subject only). */
  identityEvents: {
    stream: IDENTITY_EVENTS_STREAM,
    durableName: MAILER_IDENTITY_EVENTS_CONSUMER,
    filterSubject: UserDeleted.subject,
  },
  /** Invitations to mail (`InvitationCreated`, `InvitationResent`; the other invitation events are skipped). */
  organizationInvitations: {
    stream: ORGANIZATION_EVENTS_STREAM,
    durableName: MAILER_ORGANIZATION_INVITATIONS_CONSUMER,
    filterSubject: ORGANIZATION_INVITATION_EVENTS_SUBJECTS,
  },
  /** Deleted organizations, whose invitation mails go (`OrganizationDeleted`'s subject only). */
  organizationEvents: {
    stream: ORGANIZATION_EVENTS_STREAM,
    durableName: MAILER_ORGANIZATION_EVENTS_CONSUMER,
    filterSubject: OrganizationDeleted.subject,
  },
} as const satisfies Record<string, DurableConsumerDefinition>;

/** Where deployments from before the IDENTITY_MAIL stream kept the mail requests, emptied on upgrade. */
export const LegacyMailConsumer = {
  stream: IDENTITY_EVENTS_STREAM,
  durableName: MAILER_IDENTITY_CONSUMER,
  filterSubject: IDENTITY_MAIL_SUBJECTS,
} as const satisfies DurableConsumerDefinition;

export const MailerNatsAccess: NatsAccess = {
  user: 'mailer',
  serves: Object.values(MailerRpc),
  calls: [],
  consumes: Object.values(MailerConsumers),
  drains: [LegacyMailConsumer],
};
