/**
 * The event types each audit log shows, for its type filter (docs/operations.md lists them; a unit test holds
 * these lists to the server's catalogues).
 */
export const ORGANIZATION_AUDIT_TYPES = [
  'OrganizationCreated',
  'OrganizationUpdated',
  'OrganizationDeleted',
  'MemberAdded',
  'MemberRemoved',
  'MemberRoleChanged',
  'InvitationCreated',
  'InvitationResent',
  'InvitationAccepted',
  'InvitationRejected',
  'InvitationCanceled',
  'InvitationExpired',
  'TeamCreated',
  'TeamUpdated',
  'TeamRemoved',
  'TeamMemberAdded',
  'TeamMemberRemoved',
] as const;

export const ADMIN_AUDIT_TYPES = [
  'UserRegistered',
  'CredentialAccountCreated',
  'VerificationEmailRequested',
  'EmailVerified',
  'UserUpdated',
  'PasswordResetRequested',
  'PasswordChanged',
  'AccountDeletionRequested',
  'UserDeleted',
  'EmailChangeApprovalRequested',
  'EmailChangeVerificationRequested',
  'EmailChanged',
  'UserRoleChanged',
  'UserBanned',
  'UserUnbanned',
  'AccountLinked',
  'AccountUnlinked',
  'SignInFailed',
  'AccountLocked',
  'PasskeyAdded',
  'PasskeyRenamed',
  'PasskeyRemoved',
  'CredentialAccountRemoved',
  'UnverifiedAccountClaimed',
  'AccountClaimNoticeRequested',
  'TotpSecretIssued',
  'TwoFactorEnabled',
  'TwoFactorDisabled',
  'BackupCodesRegenerated',
  'BackupCodeUsed',
  'SecondFactorFailed',
  'TwoFactorCodeRequested',
  'JwtKeyIssued',
  'SessionCreated',
  'SessionRevoked',
  ...ORGANIZATION_AUDIT_TYPES,
] as const;

/** An entry's data as one line: `banReason: spam · banExpires: never`. */
export function auditDataSummary(data: Readonly<Record<string, unknown>>): string {
  return Object.entries(data)
    .map(([field, value]) => `${field}: ${value === null ? 'none' : String(value)}`)
    .join(' · ');
}

/** Words for the types whose names alone would mislead: failures are sampled, and a lock is the throttle's. */
const TYPE_WORDS: Readonly<Record<string, string>> = {
  SignInFailed: 'wrong password (the first in its minute; unrecordedFailures: those left out before it)',
  AccountLocked: 'password attempts locked out until lockedUntil, for devices not signed in lately',
};

/** What an entry's type means, in words, where its name needs them; else nothing. */
export function auditTypeWords(type: string): string | undefined {
  return TYPE_WORDS[type];
}

/** Who acted, where no user did: nobody known for a failed sign-in (whoever tried), else the system. */
export function auditActorWithoutUser(type: string): string {
  return type === 'SignInFailed' ? 'unknown (not signed in)' : 'system';
}
