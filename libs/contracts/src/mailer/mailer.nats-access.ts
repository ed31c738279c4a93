import { IDENTITY_EVENTS_STREAM, IDENTITY_MAIL_SUBJECTS, UserDeleted } from '../identity/identity.events.js';
import type { DurableConsumerDefinition, NatsAccess } from '../messaging/nats-access.js';
import { MailerRpc } from './mailer.rpc.js';

// WARNING: persisted names (durable consumers), do not rename.
export const MailerConsumers = {
  /** The identity service's mail requests. */
  identityMail: {
    stream: IDENTITY_EVENTS_STREAM,
    durableName: 'mailer-identity-mail',
    filterSubject: IDENTITY_MAIL_SUBJECTS,
  },
  /** Deleted users, whose mails go (`UserDeleted`'s subject only). */
  identityEvents: {
    stream: IDENTITY_EVENTS_STREAM,
    durableName: 'mailer-identity-events',
    filterSubject: UserDeleted.subject,
  },
} as const satisfies Record<string, DurableConsumerDefinition>;

export const MailerNatsAccess: NatsAccess = {
  user: 'mailer',
  serves: Object.values(MailerRpc),
  calls: [],
  consumes: Object.values(MailerConsumers),
};
