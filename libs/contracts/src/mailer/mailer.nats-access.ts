import {
  IDENTITY_EVENTS_STREAM,
  IDENTITY_MAIL_STREAM,
  IDENTITY_MAIL_SUBJECTS,
  UserDeleted,
} from '../identity/identity.events.js';
import type { DurableConsumerDefinition, NatsAccess } from '../messaging/nats-access.js';
import { MailerRpc } from './mailer.rpc.js';

/** Durable JetStream consumer through which the mailer reads the identity service's mail requests. */
export const MAILER_IDENTITY_CONSUMER = 'mailer-identity-mail';
/** Durable JetStream consumer through which the mailer learns of deleted users (`UserDeleted`'s subject only). */
export const MAILER_IDENTITY_EVENTS_CONSUMER = 'mailer-identity-events';

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
