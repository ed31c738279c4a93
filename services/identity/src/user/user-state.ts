import { AuthErrors, DomainError } from '@authsvc/errors';
import type { RecordedEvent } from '@authsvc/platform';
import { noTwoFactor, type TwoFactorState } from '../two-factor/two-factor-state.js';
import { userEvents, type UserEvent } from './user.events.js';

/** A link that has been mailed (password reset, account deletion): its token's hash and until when it works. */
export interface MailedToken {
  readonly tokenHash: string;
  readonly expiresAt: Date;
}

export interface RegisteredUser {
  readonly status: 'registered';
  readonly userId: string;
  readonly emailVerified: boolean;
  /** The credential (password) account, when the user has one. */
  readonly credentialAccountId: string | null;
  /** That account's current password hash (null without one): an upgrade replaces only the hash it verified. */
  readonly passwordHash: string | null;
  readonly pendingPasswordResets: readonly MailedToken[];
  readonly pendingDeletions: readonly MailedToken[];
  /** Ids of change-email links already used (approvals and new-address verifications): each works once. */
  readonly usedEmailChangeTokens: readonly string[];
  /** The provider accounts linked to the user, by their key (provider, issuer, subject). */
  readonly socialAccounts: readonly SocialAccountRef[];
  readonly twoFactor: TwoFactorState;
}

/** A linked provider account: its row id and the key the provider knows the person by. */
export interface SocialAccountRef {
  readonly accountId: string;
  readonly providerId: string;
  readonly issuer: string;
  readonly subject: string;
}

/** A deleted user stays deleted: its stream accepts no further command. */
export type UserState = { readonly status: 'unregistered' } | RegisteredUser | { readonly status: 'deleted' };

export const initialUserState: UserState = { status: 'unregistered' };

export function registered(state: UserState): RegisteredUser {
  if (state.status !== 'registered') throw new DomainError(AuthErrors.USER_NOT_FOUND);
  return state;
}

export function evolveUser(state: UserState, recorded: RecordedEvent): UserState {
  const event = userEvents.narrow(recorded);
  switch (event.type) {
    case 'UserRegistered':
      return {
        status: 'registered',
        userId: event.data.userId,
        emailVerified: event.data.emailVerified,
        credentialAccountId: null,
        passwordHash: null,
        pendingPasswordResets: [],
        pendingDeletions: [],
        usedEmailChangeTokens: [],
        socialAccounts: [],
        twoFactor: noTwoFactor,
      };
    case 'UserDeleted':
      return { status: 'deleted' };
    default:
      return state.status === 'registered' ? evolveRegistered(state, event) : state;
  }
}

/** The events of a registered user's life, between registration and deletion. */
function evolveRegistered(
  user: RegisteredUser,
  event: Exclude<UserEvent, { type: 'UserRegistered' | 'UserDeleted' }>,
): RegisteredUser {
  switch (event.type) {
    case 'CredentialAccountCreated':
      return { ...user, credentialAccountId: event.data.accountId, passwordHash: hashOf(event.personal) };
    case 'EmailVerified':
      return { ...user, emailVerified: true };
    case 'EmailChangeVerificationRequested': {
      const { approvalTokenId } = event.data;
      return approvalTokenId
        ? { ...user, usedEmailChangeTokens: [...user.usedEmailChangeTokens, approvalTokenId] }
        : user;
    }
    case 'EmailChanged': {
      const { tokenId, emailVerified = true } = event.data;
      const usedEmailChangeTokens = tokenId ? [...user.usedEmailChangeTokens, tokenId] : user.usedEmailChangeTokens;
      return { ...user, emailVerified, usedEmailChangeTokens };
    }
    case 'PasswordResetRequested':
      return { ...user, pendingPasswordResets: [...user.pendingPasswordResets, mailedToken(event.data)] };
    case 'AccountDeletionRequested':
      return { ...user, pendingDeletions: [...user.pendingDeletions, mailedToken(event.data)] };
    case 'PasswordChanged':
      // Any new password voids every reset link mailed before it.
      return { ...user, passwordHash: hashOf(event.personal), pendingPasswordResets: [] };
    case 'PasswordHashUpgraded':
      return { ...user, passwordHash: hashOf(event.personal) };
    case 'CredentialAccountRemoved':
      return { ...user, credentialAccountId: null, passwordHash: null, pendingPasswordResets: [] };
    case 'AccountLinked': {
      const { accountId, providerId, issuer, subject } = event.data;
      return { ...user, socialAccounts: [...user.socialAccounts, { accountId, providerId, issuer, subject }] };
    }
    case 'AccountUnlinked':
      return {
        ...user,
        socialAccounts: user.socialAccounts.filter(({ accountId }) => accountId !== event.data.accountId),
      };
    case 'TotpSecretIssued': {
      // A new secret is unverified; erased personal data leaves no secret to check codes against.
      const issued = event.personal;
      const secret = issued?.secret ?? null;
      const backupCodeHashes = issued?.backupCodeHashes ?? [];
      return { ...user, twoFactor: { ...user.twoFactor, secret, secretVerified: false, backupCodeHashes } };
    }
    case 'TwoFactorEnabled': {
      const secretVerified = user.twoFactor.secretVerified || event.data.method === 'totp';
      return { ...user, twoFactor: { ...user.twoFactor, enabled: true, secretVerified } };
    }
    case 'TwoFactorDisabled':
      return { ...user, twoFactor: noTwoFactor };
    case 'BackupCodesRegenerated':
      return { ...user, twoFactor: { ...user.twoFactor, backupCodeHashes: event.personal?.backupCodeHashes ?? [] } };
    case 'BackupCodeUsed': {
      const backupCodeHashes = user.twoFactor.backupCodeHashes.map((hash, index) =>
        index === event.data.index ? null : hash,
      );
      return { ...user, twoFactor: { ...user.twoFactor, backupCodeHashes } };
    }
    // Failed second factors are counted in Redis (the lock decides on those); a mailed code's hash lives there too.
    case 'SecondFactorFailed':
    case 'TwoFactorCodeRequested':
      return user;
    // Profile, role and ban changes, new provider tokens, these mails and failed passwords (the throttle, in Redis,
    // decides on those) leave nothing a decision reads; nor do passkeys, decided on their rows (PasskeyStream).
    // Passwordless mail requests are recorded on the address's stream, never the user's (see PasswordlessMailData).
    case 'ProviderTokensRefreshed':
    case 'SignInFailed':
    case 'AccountLocked':
    case 'UserUpdated':
    case 'UserRoleChanged':
    case 'UserBanned':
    case 'UserUnbanned':
    case 'VerificationEmailRequested':
    case 'EmailChangeApprovalRequested':
    case 'PasskeyAdded':
    case 'PasskeyRenamed':
    case 'PasskeyRemoved':
    case 'UnverifiedAccountClaimed':
    case 'AccountClaimNoticeRequested':
    case 'MagicLinkRequested':
    case 'EmailOtpRequested':
      return user;
    default: {
      const unknownEvent: never = event;
      throw new Error(`unknown event ${JSON.stringify(unknownEvent)}`);
    }
  }
}

/** The hash an event recorded; null once the user's personal data was erased. */
function hashOf(personal: { passwordHash: string } | null): string | null {
  return personal?.passwordHash ?? null;
}

function mailedToken(data: { tokenHash: string; expiresAt: string }): MailedToken {
  return { tokenHash: data.tokenHash, expiresAt: new Date(data.expiresAt) };
}

export function userStreamId(userId: string): string {
  return `user-${userId}`;
}

/** True when a token with this hash was mailed and has not expired at `now`. */
export function isMailedTokenUsable(tokens: readonly MailedToken[], tokenHash: string, now: Date): boolean {
  return tokens.some((token) => token.tokenHash === tokenHash && token.expiresAt > now);
}
