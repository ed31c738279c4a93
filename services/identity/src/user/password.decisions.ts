import {
  CredentialAccountCreated,
  EmailVerified,
  PasswordChanged,
  PasswordHashUpgraded,
  PasswordResetRequested,
} from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { pendingEvent, type PendingEvent } from '@authsvc/platform';
import { isMailedTokenUsable, type RegisteredUser } from './user-state.js';

/** Mails a reset link; only the hash of its token is kept. */
export interface RequestPasswordReset {
  readonly type: 'RequestPasswordReset';
  readonly tokenHash: string;
  readonly email: string;
  readonly name: string;
  readonly url: string;
  readonly expiresAt: Date;
}

/** A new password through a mailed link; `newAccountId` is used when the user has no credential account yet. */
export interface ResetPassword {
  readonly type: 'ResetPassword';
  readonly tokenHash: string;
  readonly passwordHash: string;
  readonly newAccountId: string;
  readonly signOutEverywhere: boolean;
  readonly now: Date;
}

/** A new password from a signed-in user whose current password was checked. */
export interface ChangePassword {
  readonly type: 'ChangePassword';
  readonly passwordHash: string;
  readonly signOutEverywhere: boolean;
  readonly now: Date;
}

/** A first password for a user without one (social sign-in), from inside the system. */
export interface SetPassword {
  readonly type: 'SetPassword';
  readonly passwordHash: string;
  readonly newAccountId: string;
  /** An admin's set-user-password replaces a password; server code only gives a first one. */
  readonly replaceExisting: boolean;
  readonly now: Date;
}

/** The password a sign-in just proved, hashed in the current format, to replace the outdated hash it matched. */
export interface UpgradePasswordHash {
  readonly type: 'UpgradePasswordHash';
  readonly verifiedHash: string;
  readonly passwordHash: string;
  readonly now: Date;
}

/**
 * A new password through a mailed code (email OTP's reset-password), already checked and spent: it also proves the
 * address, as the reference's does.
 */
export interface ResetPasswordWithCode {
  readonly type: 'ResetPasswordWithCode';
  readonly passwordHash: string;
  readonly newAccountId: string;
  readonly signOutEverywhere: boolean;
  readonly now: Date;
}

export type PasswordCommand =
  RequestPasswordReset | ResetPassword | ResetPasswordWithCode | ChangePassword | SetPassword | UpgradePasswordHash;

export function requestPasswordReset(command: RequestPasswordReset, user: RegisteredUser): PendingEvent[] {
  const { userId } = user;
  return [
    pendingEvent(
      PasswordResetRequested,
      { userId, expiresAt: command.expiresAt.toISOString(), tokenHash: command.tokenHash },
      { email: command.email, name: command.name, url: command.url },
      userId,
    ),
  ];
}

/** True when the token was mailed to this user, is unexpired and no password was set since. */
export function isPasswordResetUsable(user: RegisteredUser, tokenHash: string, now: Date): boolean {
  return isMailedTokenUsable(user.pendingPasswordResets, tokenHash, now);
}

export function resetPassword(command: ResetPassword, user: RegisteredUser): PendingEvent[] {
  if (!isPasswordResetUsable(user, command.tokenHash, command.now)) throw new DomainError(AuthErrors.INVALID_TOKEN);
  return newPassword(user, command, 'reset');
}

export function resetPasswordWithCode(command: ResetPasswordWithCode, user: RegisteredUser): PendingEvent[] {
  const verified = user.emailVerified
    ? []
    : [pendingEvent(EmailVerified, { userId: user.userId, verifiedAt: command.now.toISOString() })];
  return [...newPassword(user, command, 'reset'), ...verified];
}

export function changePassword(command: ChangePassword, user: RegisteredUser): PendingEvent[] {
  if (!user.credentialAccountId) throw new DomainError(AuthErrors.CREDENTIAL_ACCOUNT_NOT_FOUND);
  return newPassword(user, { ...command, newAccountId: user.credentialAccountId }, 'change');
}

export function setPassword(command: SetPassword, user: RegisteredUser): PendingEvent[] {
  if (user.credentialAccountId && !command.replaceExisting) throw new DomainError(AuthErrors.USER_ALREADY_HAS_PASSWORD);
  return newPassword(user, { ...command, signOutEverywhere: false }, 'set');
}

/**
 * Records nothing when the hash the sign-in verified is no longer the account's: a password changed in between
 * stands, and the upgrade of the old one is dropped.
 */
export function upgradePasswordHash(command: UpgradePasswordHash, user: RegisteredUser): PendingEvent[] {
  const { userId, credentialAccountId: accountId } = user;
  if (!accountId || user.passwordHash !== command.verifiedHash) return [];
  return [
    pendingEvent(
      PasswordHashUpgraded,
      { userId, accountId, upgradedAt: command.now.toISOString() },
      { passwordHash: command.passwordHash },
      userId,
    ),
  ];
}

/** The password change, preceded by the credential account when the user has none. */
function newPassword(
  user: RegisteredUser,
  change: {
    readonly passwordHash: string;
    readonly newAccountId: string;
    readonly signOutEverywhere: boolean;
    readonly now: Date;
  },
  reason: 'change' | 'reset' | 'set',
): PendingEvent[] {
  const { userId } = user;
  const at = change.now.toISOString();
  const accountId = user.credentialAccountId ?? change.newAccountId;
  const events: PendingEvent[] = [];
  if (!user.credentialAccountId) {
    events.push(
      pendingEvent(
        CredentialAccountCreated,
        { accountId, userId, createdAt: at },
        { passwordHash: change.passwordHash },
        userId,
      ),
    );
  }
  events.push(
    pendingEvent(
      PasswordChanged,
      { userId, accountId, changedAt: at, reason, signOutEverywhere: change.signOutEverywhere },
      { passwordHash: change.passwordHash },
      userId,
    ),
  );
  return events;
}
