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
