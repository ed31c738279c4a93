import { defineEvent } from '../messaging/event-definition.js';

// WARNING: persisted names (event types and subjects), do not rename.
/** `username` (lower-cased) and `displayUsername` are absent from events written before usernames existed. */
export const UserRegistered = defineEvent<
  { userId: string; emailVerified: boolean; createdAt: string },
  { email: string; name: string; image: string | null; username?: string | null; displayUsername?: string | null }
>('UserRegistered', 'identity.events.user.registered');

/** The password hash never leaves the identity service: its personal part is private. */
export const CredentialAccountCreated = defineEvent<
  { accountId: string; userId: string; createdAt: string },
  { passwordHash: string }
>('CredentialAccountCreated', 'identity.events.account.credential-created', { personalIsPrivate: true });

/** Asks for a verification mail; `url` is the complete link the recipient follows. */
export const VerificationEmailRequested = defineEvent<
  { userId: string; expiresAt: string },
  { email: string; name: string; url: string }
>('VerificationEmailRequested', 'identity.events.user.verification-email-requested');

/** The user proved they receive mail at their address. */
export const EmailVerified = defineEvent<{ userId: string; verifiedAt: string }>(
  'EmailVerified',
  'identity.events.user.email-verified',
);

export const IdentityEventTypes = [
  UserRegistered,
  CredentialAccountCreated,
  VerificationEmailRequested,
  EmailVerified,
] as const;

/** JetStream stream holding every identity event (binds `identity.events.>` only, never RPC subjects). */
export const IDENTITY_EVENTS_STREAM = 'IDENTITY_EVENTS';
/** Every identity event, for consumers that pick the types they need. */
export const IDENTITY_EVENTS_SUBJECTS = 'identity.events.>';
