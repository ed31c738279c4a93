import { IdentityEventTypes } from '../identity/identity.events.js';
import { JwtKeyEventTypes } from '../jwt/jwt-key.events.js';
import { OrganizationEventTypes } from '../organization/events/organization-event-types.js';
import { SessionEventTypes } from '../session/session.events.js';
import type { AuditAllowList, AuditCatalog } from './audit-catalog.js';

const identityEvents = [...IdentityEventTypes, ...JwtKeyEventTypes] as const;

/**
 * The identity store's facts. Mail requests show their expiry, never their link or its hash; credential events
 * never their hash; linked accounts their provider, never the provider's tokens or the account's subject there.
 * Profile changes show no field: what changed is personal data, kept encrypted and erasable.
 */
export const IdentityAudit: AuditCatalog = {
  subjects: [
    ['user', 'userId'],
    ['jwt-key', 'kid'],
  ],
  fields: {
    UserRegistered: ['emailVerified', 'role'],
    CredentialAccountCreated: ['accountId'],
    VerificationEmailRequested: ['expiresAt'],
    EmailVerified: [],
    UserUpdated: [],
    PasswordResetRequested: ['expiresAt'],
    PasswordChanged: ['accountId', 'reason', 'signOutEverywhere'],
    // The same password under a newer hash, at a sign-in: no fact of the account's owner or of an admin.
    PasswordHashUpgraded: null,
    AccountDeletionRequested: ['expiresAt'],
    UserDeleted: [],
    EmailChangeApprovalRequested: ['expiresAt'],
    EmailChangeVerificationRequested: ['expiresAt'],
    EmailChanged: [],
    UserRoleChanged: ['role'],
    UserBanned: ['banReason', 'banExpires'],
    UserUnbanned: [],
    AccountLinked: ['accountId', 'providerId', 'how'],
    AccountUnlinked: ['accountId', 'providerId'],
    // New provider tokens of a linked account (at each social sign-in, whose session is its SessionCreated): use of
    // the account, not an act on it.
    ProviderTokensRefreshed: null,
    // At most one failure per account and minute, and every account-wide lock: never the password or the client.
    SignInFailed: ['reason', 'unrecordedFailures'],
    AccountLocked: ['failures', 'lockedUntil'],
    // A passkey's name is the user's words (personal data): the audit shows which passkey, never what it is called.
    PasskeyAdded: ['passkeyId', 'deviceType', 'backedUp'],
    PasskeyRenamed: ['passkeyId'],
    PasskeyRemoved: ['passkeyId'],
    // Passwordless mail requests may be for an address without an account (no subject): their use shows as the
    // session they start, and the link or code never leaves the mail stream.
    MagicLinkRequested: null,
    EmailOtpRequested: null,
    CredentialAccountRemoved: ['accountId', 'reason'],
    UnverifiedAccountClaimed: ['credentialRemoved'],
    AccountClaimNoticeRequested: ['credentialRemoved'],
    // Two-factor: never the secret, a code or a code's hash.
    TotpSecretIssued: [],
    TwoFactorEnabled: ['method'],
    TwoFactorDisabled: ['by'],
    BackupCodesRegenerated: [],
    BackupCodeUsed: ['index'],
    SecondFactorFailed: ['method', 'locked'],
    TwoFactorCodeRequested: ['expiresAt'],
    JwtKeyIssued: ['alg', 'signsFrom', 'reason'],
  } satisfies AuditAllowList<typeof identityEvents>,
};

/**
 * The session store's facts: sign-ins and impersonations (`SessionCreated`, whose actor is the impersonating
 * admin), and ends (`SessionRevoked`). About the session's user; the token, address and user agent are never shown.
 */
export const SessionAudit: AuditCatalog = {
  subjects: [['user', 'userId']],
  fields: {
    SessionCreated: ['sessionId', 'rememberMe', 'expiresAt', 'impersonatedBy'],
    SessionRevoked: ['sessionId', 'reason'],
    // A session's sliding expiry and its choice of organization: use, not facts an auditor looks for.
    SessionRefreshed: null,
    ActiveOrganizationChanged: null,
  } satisfies AuditAllowList<typeof SessionEventTypes>,
};

/**
 * The organization store's facts, each in its organization. About the invitation, else the user, else the team,
 * else the organization. An invitation's address (personal) and the organization's logo and metadata (free text
 * its owners chose) are not shown.
 */
export const OrganizationAudit: AuditCatalog = {
  subjects: [
    ['invitation', 'invitationId'],
    ['user', 'userId'],
    ['team', 'teamId'],
    ['organization', 'organizationId'],
  ],
  fields: {
    OrganizationCreated: ['name', 'slug', 'creatorUserId'],
    OrganizationUpdated: ['name', 'slug'],
    OrganizationDeleted: ['slug'],
    MemberAdded: ['memberId', 'role', 'origin', 'invitationId'],
    MemberRemoved: ['memberId', 'reason'],
    MemberRoleChanged: ['memberId', 'role', 'previousRole'],
    InvitationCreated: ['role', 'teamId', 'inviterId', 'expiresAt'],
    InvitationResent: ['role', 'inviterId', 'expiresAt'],
    InvitationAccepted: ['userId', 'memberId'],
    InvitationRejected: ['userId'],
    InvitationCanceled: [],
    InvitationExpired: [],
    TeamCreated: ['name'],
    TeamUpdated: ['name'],
    TeamRemoved: [],
    TeamMemberAdded: ['teamId', 'teamMemberId'],
    TeamMemberRemoved: ['teamId', 'teamMemberId'],
  } satisfies AuditAllowList<typeof OrganizationEventTypes>,
};

/** Every store's catalogue, each with the event types it holds. */
export const AUDIT_SOURCES = {
  identity: { catalog: IdentityAudit, events: identityEvents },
  session: { catalog: SessionAudit, events: SessionEventTypes },
  organization: { catalog: OrganizationAudit, events: OrganizationEventTypes },
} as const;
