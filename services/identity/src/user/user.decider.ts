import {
  CredentialAccountCreated,
  EmailVerified,
  UserRegistered,
  UserUpdated,
  VerificationEmailRequested,
  type PersonalOf,
} from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { pendingEvent, type PendingEvent } from '@authsvc/platform';
import {
  changePassword,
  requestPasswordReset,
  resetPassword,
  resetPasswordWithCode,
  setPassword,
  upgradePasswordHash,
  type PasswordCommand,
} from './password.decisions.js';
import { deleteUser, requestUserDeletion, type DeletionCommand } from './deletion.decisions.js';
import {
  changeEmail,
  requestEmailChangeApproval,
  requestNewEmailVerification,
  type EmailChangeCommand,
} from './email-change.decisions.js';
import { recordPasswordFailure, type RecordPasswordFailure } from './password-failure.decisions.js';
import { adminUpdateUser, banUser, setRole, unbanUser, type AdminCommand } from './admin.decisions.js';
import {
  accountLinked,
  linkSocialAccount,
  unlinkSocialAccount,
  type SocialAccountCommand,
  type SocialAccountGrant,
} from './social-account.decisions.js';
import { decideTwoFactor, type TwoFactorCommand } from '../two-factor/two-factor.decisions.js';
import { registered, type RegisteredUser, type UserState } from './user-state.js';
import { claimUnverifiedAccount, type ClaimUnverifiedAccount } from './claim.decisions.js';

/**
 * Registration (sign-up, or an admin's create-user); ids, time, the hash and the verification link come in from
 * outside. Without a password hash the user has no credential account.
 */
export interface RegisterUser {
  readonly type: 'RegisterUser';
  readonly userId: string;
  readonly accountId: string;
  readonly email: string;
  readonly name: string;
  readonly image: string | null;
  readonly username: { readonly username: string | null; readonly displayUsername: string | null };
  readonly passwordHash: string | null;
  readonly role: string;
  readonly emailVerified: boolean;
  readonly now: Date;
  readonly verification: { readonly url: string; readonly expiresAt: Date } | null;
  /** The provider account a social sign-up registers the user with. */
  readonly socialAccount?: SocialAccountGrant;
}

/** A verification link for the user's current, unverified address. */
export interface RequestVerificationEmail {
  readonly type: 'RequestVerificationEmail';
  readonly email: string;
  readonly name: string;
  readonly url: string;
  readonly expiresAt: Date;
}

export interface VerifyEmail {
  readonly type: 'VerifyEmail';
  readonly now: Date;
}

/** Profile fields to change (already checked: the username follows the rules and is not someone else's). */
export interface UpdateUser {
  readonly type: 'UpdateUser';
  readonly changes: PersonalOf<typeof UserUpdated>;
  readonly now: Date;
}

export type UserCommand =
  | RegisterUser
  | RequestVerificationEmail
  | VerifyEmail
  | UpdateUser
  | PasswordCommand
  | DeletionCommand
  | EmailChangeCommand
  | AdminCommand
  | SocialAccountCommand
  | RecordPasswordFailure
  | ClaimUnverifiedAccount
  | TwoFactorCommand;

export function decideUser(command: UserCommand, state: UserState): PendingEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return register(command, state);
    case 'RequestVerificationEmail':
      return requestVerificationEmail(command, registered(state));
    case 'VerifyEmail':
      return verifyEmail(command, registered(state));
    case 'UpdateUser':
      return updateUser(command, registered(state));
    case 'RequestEmailChangeApproval':
      return requestEmailChangeApproval(command, registered(state));
    case 'RequestNewEmailVerification':
      return requestNewEmailVerification(command, registered(state));
    case 'ChangeEmail':
      return changeEmail(command, registered(state));
    case 'RequestUserDeletion':
      return requestUserDeletion(command, registered(state));
    case 'DeleteUser':
      return deleteUser(command, registered(state));
    case 'RequestPasswordReset':
      return requestPasswordReset(command, registered(state));
    case 'ResetPassword':
      return resetPassword(command, registered(state));
    case 'ResetPasswordWithCode':
      return resetPasswordWithCode(command, registered(state));
    case 'ClaimUnverifiedAccount':
      return claimUnverifiedAccount(command, registered(state));
    case 'ChangePassword':
      return changePassword(command, registered(state));
    case 'SetPassword':
      return setPassword(command, registered(state));
    case 'UpgradePasswordHash':
      return upgradePasswordHash(command, registered(state));
    case 'SetRole':
      return setRole(command, registered(state));
    case 'BanUser':
      return banUser(command, registered(state));
    case 'UnbanUser':
      return unbanUser(command, registered(state));
    case 'AdminUpdateUser':
      return adminUpdateUser(command, registered(state));
    case 'LinkSocialAccount':
      return linkSocialAccount(command, registered(state));
    case 'UnlinkSocialAccount':
      return unlinkSocialAccount(command, registered(state));
    case 'RecordPasswordFailure':
      return recordPasswordFailure(command, registered(state));
    case 'IssueTotpSecret':
    case 'EnableTwoFactor':
    case 'DisableTwoFactor':
    case 'RegenerateBackupCodes':
    case 'UseBackupCode':
    case 'RecordSecondFactorFailure':
    case 'RequestTwoFactorCode':
      return decideTwoFactor(command, registered(state));
    default: {
      const unknownCommand: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknownCommand)}`);
    }
  }
}

function register(command: RegisterUser, state: UserState): PendingEvent[] {
  if (state.status !== 'unregistered') throw new DomainError(AuthErrors.USER_ALREADY_EXISTS);
  const createdAt = command.now.toISOString();
  const { userId } = command;
  const { emailVerified, role } = command;
  const events = [
    pendingEvent(
      UserRegistered,
      { userId, emailVerified, createdAt, role },
      {
        email: command.email,
        name: command.name,
        image: command.image,
        username: command.username.username,
        displayUsername: command.username.displayUsername,
      },
      userId,
    ),
  ];
  if (command.passwordHash !== null) {
    events.push(
      pendingEvent(
        CredentialAccountCreated,
        { accountId: command.accountId, userId, createdAt },
        { passwordHash: command.passwordHash },
        userId,
      ),
    );
  }
  if (command.socialAccount !== undefined) events.push(accountLinked(userId, command.socialAccount, command.now));
  if (command.verification) {
    events.push(
      pendingEvent(
        VerificationEmailRequested,
        { userId, expiresAt: command.verification.expiresAt.toISOString() },
        { email: command.email, name: command.name, url: command.verification.url },
        userId,
      ),
    );
  }
  return events;
}

function requestVerificationEmail(command: RequestVerificationEmail, state: RegisteredUser): PendingEvent[] {
  if (state.emailVerified) throw new DomainError(AuthErrors.EMAIL_ALREADY_VERIFIED);
  const { userId } = state;
  return [
    pendingEvent(
      VerificationEmailRequested,
      { userId, expiresAt: command.expiresAt.toISOString() },
      { email: command.email, name: command.name, url: command.url },
      userId,
    ),
  ];
}

/** Verifying twice changes nothing: the second click records no event (and so signs nobody in). */
function verifyEmail(command: VerifyEmail, state: RegisteredUser): PendingEvent[] {
  if (state.emailVerified) return [];
  return [pendingEvent(EmailVerified, { userId: state.userId, verifiedAt: command.now.toISOString() })];
}

function updateUser(command: UpdateUser, state: RegisteredUser): PendingEvent[] {
  if (Object.keys(command.changes).length === 0) throw new DomainError(AuthErrors.NO_FIELDS_TO_UPDATE);
  const { userId } = state;
  return [pendingEvent(UserUpdated, { userId, updatedAt: command.now.toISOString() }, command.changes, userId)];
}
