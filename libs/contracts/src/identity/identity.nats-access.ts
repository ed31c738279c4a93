import { eventStreamSubjects, type NatsAccess } from '../messaging/nats-access.js';
import { SessionRpc } from '../session/session.rpc.js';
import { IDENTITY_EVENTS_STREAM, IDENTITY_MAIL_STREAM, IDENTITY_MAIL_SUBJECTS } from './identity.events.js';
import { IdentityRpc } from './identity.rpc.js';
import { JwtKeyRpc } from '../jwt/jwt-key.rpc.js';
import { ProviderTokenRpc } from './provider-tokens.rpc.js';
import { PasskeyRpc } from './passkey.rpc.js';
import { PasswordlessRpc } from './passwordless.rpc.js';
import { AuditRpc } from '../audit/audit.rpc.js';
import { TwoFactorRpc } from './two-factor.rpc.js';

export const IdentityNatsAccess: NatsAccess = {
  user: 'identity',
  serves: [
    ...Object.values(IdentityRpc),
    ...Object.values(ProviderTokenRpc),
    ...Object.values(PasskeyRpc),
    ...Object.values(PasswordlessRpc),
    ...Object.values(TwoFactorRpc),
    ...Object.values(JwtKeyRpc),
    AuditRpc.identity,
  ],
  /** Requests handed on to the session service, which answers the caller. */
  calls: [SessionRpc.startProven, SessionRpc.refreshUser, SessionRpc.userChanged, SessionRpc.revokeForUser],
  publishes: [
    { stream: IDENTITY_EVENTS_STREAM, subjects: eventStreamSubjects('identity') },
    /** Mail requests, which carry live links: only the mailer may read them, and they are kept for less time. */
    { stream: IDENTITY_MAIL_STREAM, subjects: [IDENTITY_MAIL_SUBJECTS] },
  ],
  consumes: [],
};
