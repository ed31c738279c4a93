import { defineEvent } from '../messaging/event-definition.js';
import type { MailRequestData } from './mail-request-data.js';
import { AccountLocked, SignInFailed } from './password-failure.events.js';
import { AccountLinked, AccountUnlinked, ProviderTokensRefreshed } from './social-account.events.js';
import { PasskeyAdded, PasskeyRemoved, PasskeyRenamed } from './passkey.events.js';
import {
  AccountClaimNoticeRequested,
  CredentialAccountRemoved,
  EmailOtpRequested,
  MagicLinkRequested,
  UnverifiedAccountClaimed,
} from './passwordless.events.js';
import {
  BackupCodesRegenerated,
  BackupCodeUsed,
  SecondFactorFailed,
  TotpSecretIssued,
  TwoFactorCodeRequested,
  TwoFactorDisabled,
  TwoFactorEnabled,
} from './two-factor.events.js';

// WARNING: persisted names (event types and subjects), do not rename.
/**
 * `username` (lower-cased) and `displayUsername` are absent from events written before usernames existed, `role`
 * from those written before roles existed (the default role then).
 */
export const UserRegistered = defineEvent<
  'UserRegistered',
  { userId: string; emailVerified: boolean; createdAt: string; role?: string },
  { email: string; name: string; image: string | null; username?: string | null; displayUsername?: string | null }
>('UserRegistered', 'identity.events.user.registered');

/** The password hash never leaves the identity service: its personal part is private. */
export const CredentialAccountCreated = defineEvent<
  'CredentialAccountCreated',
  { accountId: string; userId: string; createdAt: string },
  { passwordHash: string }
>('CredentialAccountCreated', 'identity.events.account.credential-created', { personalIsPrivate: true });

/**
 * Mail requests carry a link that acts for its recipient, so they go to `identity.mail.*` subjects, which
 * only the mailer consumes, never to the `identity.events.*` subjects other systems subscribe to.
 */
export const IDENTITY_MAIL_SUBJECTS = 'identity.mail.>';
/**
 * JetStream stream of the identity service's mail requests (`identity.mail.>`): kept about as long as the
 * longest link lifetime (MAIL_REQUEST_RETENTION_SECONDS), not as long as events, since each carries a live link.
 */
export const IDENTITY_MAIL_STREAM = 'IDENTITY_MAIL';

/**
 * The link of a mail request could be followed by anyone who reads it, so it is readable in the event store only
 * until the request is published (the mail stream keeps it for the mailer, MAIL_REQUEST_RETENTION_SECONDS long).
 */
const MAIL_REQUEST_OPTIONS = { personalUntilPublished: true } as const;

/** Where the mail goes and the complete link the recipient follows. */
export interface MailRequestPersonal {
  email: string;
  name: string;
  url: string;
}

export const VerificationEmailRequested = defineEvent<
  'VerificationEmailRequested',
  MailRequestData,
  MailRequestPersonal
>('VerificationEmailRequested', 'identity.mail.verification', MAIL_REQUEST_OPTIONS);

/** `tokenHash` (SHA-256, hex) lets the identity service recognise the token of the link without storing it. */
export const PasswordResetRequested = defineEvent<
  'PasswordResetRequested',
  MailRequestData & { tokenHash: string },
  MailRequestPersonal
>('PasswordResetRequested', 'identity.mail.password-reset', MAIL_REQUEST_OPTIONS);

/**
 * A credential password was changed (`change`), reset by a mailed link (`reset`) or set by the system (`set`).
 * With `signOutEverywhere` every session of the user created before `changedAt` must end (the session service
 * reacts to this event, so a crash cannot leave them alive).
 */
export const PasswordChanged = defineEvent<
  'PasswordChanged',
  {
    userId: string;
    accountId: string;
    changedAt: string;
    reason: 'change' | 'reset' | 'set';
    signOutEverywhere: boolean;
  },
  { passwordHash: string }
>('PasswordChanged', 'identity.events.credential.password-changed', { personalIsPrivate: true });

/**
 * The same password, stored under a newer hash format (a bcrypt hash of the bare password, or a pre-hash under
 * a secret since rotated), replaced at a successful sign-in. Not a password change: no session ends.
 */
export const PasswordHashUpgraded = defineEvent<
  'PasswordHashUpgraded',
  { userId: string; accountId: string; upgradedAt: string },
  { passwordHash: string }
>('PasswordHashUpgraded', 'identity.events.credential.password-hash-upgraded', { personalIsPrivate: true });

/** Profile fields the user changed; only the changed ones are present. */
export const UserUpdated = defineEvent<
  'UserUpdated',
  { userId: string; updatedAt: string },
  { name?: string; image?: string | null; username?: string; displayUsername?: string }
>('UserUpdated', 'identity.events.user.updated');

/** Asks the user to confirm the deletion of their account through a mailed link. */
export const AccountDeletionRequested = defineEvent<
  'AccountDeletionRequested',
  MailRequestData & { tokenHash: string },
  MailRequestPersonal
>('AccountDeletionRequested', 'identity.mail.delete-account', MAIL_REQUEST_OPTIONS);

/**
 * The user and their accounts are gone and their personal data is erased (its key destroyed). Every service
 * holding data of the user reacts: sessions end, memberships go, stored mails are deleted.
 */
export const UserDeleted = defineEvent<'UserDeleted', { userId: string; deletedAt: string }>(
  'UserDeleted',
  'identity.events.user.deleted',
);

/** Asks a verified user to approve, from their current address, the change to a new one. */
export const EmailChangeApprovalRequested = defineEvent<
  'EmailChangeApprovalRequested',
  MailRequestData,
  MailRequestPersonal
>('EmailChangeApprovalRequested', 'identity.mail.change-email-approval', MAIL_REQUEST_OPTIONS);

/**
 * Mails the new address the link that makes it the account's email. `approvalTokenId` is the approval link
 * that led here (for verified users), which cannot be used twice; null for an unverified user's change.
 */
export const EmailChangeVerificationRequested = defineEvent<
  'EmailChangeVerificationRequested',
  MailRequestData & { approvalTokenId: string | null },
  MailRequestPersonal
>('EmailChangeVerificationRequested', 'identity.mail.change-email-verification', MAIL_REQUEST_OPTIONS);

/**
 * The user's email is now the new address, verified by the link mailed to it (`tokenId`, used up). Events with
 * `emailVerified: false` and no token were recorded by earlier versions, which replaced an unverified user's
 * address at once; they are still read that way.
 */
export const EmailChanged = defineEvent<
  'EmailChanged',
  { userId: string; changedAt: string; tokenId?: string; emailVerified?: boolean },
  { email: string }
>('EmailChanged', 'identity.events.user.email-changed');

/** The user proved they receive mail at their address. */
export const EmailVerified = defineEvent<'EmailVerified', { userId: string; verifiedAt: string }>(
  'EmailVerified',
  'identity.events.user.email-verified',
);

/** An admin (the event's actor) gave the user these roles, comma-joined. */
export const UserRoleChanged = defineEvent<'UserRoleChanged', { userId: string; role: string; changedAt: string }>(
  'UserRoleChanged',
  'identity.events.user.role-changed',
);

/**
 * An admin (the event's actor) banned the user: no session of theirs may start, and those they have end, until
 * an unban or `banExpires` (null: never).
 */
export const UserBanned = defineEvent<
  'UserBanned',
  { userId: string; banReason: string; banExpires: string | null; bannedAt: string }
>('UserBanned', 'identity.events.user.banned');

/** An admin (the event's actor) lifted the user's ban. */
export const UserUnbanned = defineEvent<'UserUnbanned', { userId: string; unbannedAt: string }>(
  'UserUnbanned',
  'identity.events.user.unbanned',
);

/** The events that change a user's public view once they are registered, their deletion included. */
export const UserViewChanges = [
  UserUpdated,
  EmailVerified,
  EmailChanged,
  UserRoleChanged,
  UserBanned,
  UserUnbanned,
  AccountLinked,
  ProviderTokensRefreshed,
  TwoFactorEnabled,
  TwoFactorDisabled,
  UserDeleted,
] as const;

/**
 * Every event the identity service records and publishes. All of them are recorded in user streams, so this list
 * is also the user aggregate's event union.
 */
export const IdentityEventTypes = [
  UserRegistered,
  CredentialAccountCreated,
  VerificationEmailRequested,
  EmailVerified,
  UserUpdated,
  PasswordResetRequested,
  PasswordChanged,
  PasswordHashUpgraded,
  AccountDeletionRequested,
  UserDeleted,
  EmailChangeApprovalRequested,
  EmailChangeVerificationRequested,
  EmailChanged,
  UserRoleChanged,
  UserBanned,
  UserUnbanned,
  AccountLinked,
  ProviderTokensRefreshed,
  AccountUnlinked,
  SignInFailed,
  AccountLocked,
  PasskeyAdded,
  PasskeyRenamed,
  PasskeyRemoved,
  MagicLinkRequested,
  EmailOtpRequested,
  CredentialAccountRemoved,
  UnverifiedAccountClaimed,
  AccountClaimNoticeRequested,
  TotpSecretIssued,
  TwoFactorEnabled,
  TwoFactorDisabled,
  BackupCodesRegenerated,
  BackupCodeUsed,
  SecondFactorFailed,
  TwoFactorCodeRequested,
] as const;

/** JetStream stream of the identity service's events (`identity.events.>`). */
export const IDENTITY_EVENTS_STREAM = 'IDENTITY_EVENTS';
/** The facts other services and systems may subscribe to (mail requests excluded). */
export const IDENTITY_EVENTS_SUBJECTS = 'identity.events.>';
/** The facts about users themselves: registration, profile, email and deletion. */
export const IDENTITY_USER_EVENTS_SUBJECTS = 'identity.events.user.>';
/** The facts about passwords (changed, reset, set). */
export const IDENTITY_CREDENTIAL_EVENTS_SUBJECTS = 'identity.events.credential.>';
