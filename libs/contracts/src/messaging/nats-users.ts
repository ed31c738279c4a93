import { BackEndNatsAccess } from '../back-end/back-end.nats-access.js';
import { GatewayNatsAccess } from '../gateway/gateway.nats-access.js';
import { IdentityNatsAccess } from '../identity/identity.nats-access.js';
import { MailerNatsAccess } from '../mailer/mailer.nats-access.js';
import { OrganizationNatsAccess } from '../organization/organization.nats-access.js';
import { SessionNatsAccess } from '../session/session.nats-access.js';
import type { NatsAccess } from './nats-access.js';

/** Every app's NATS access, and your back end's: the users of the generated NATS authorization. */
export const NATS_ACCESS: readonly NatsAccess[] = [
  GatewayNatsAccess,
  IdentityNatsAccess,
  SessionNatsAccess,
  OrganizationNatsAccess,
  MailerNatsAccess,
  BackEndNatsAccess,
];
