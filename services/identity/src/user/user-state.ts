import {
  AccountDeletionRequested,
  CredentialAccountCreated,
  EmailChanged,
  EmailChangeVerificationRequested,
  EmailVerified,
  PasswordChanged,
  PasswordResetRequested,
  UserDeleted,
  UserRegistered,
} from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { isEvent, type RecordedEvent } from '@authsvc/platform';

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
  readonly pendingPasswordResets: readonly MailedToken[];
  readonly pendingDeletions: readonly MailedToken[];
  /** Ids of change-email links already used (approvals and new-address verifications): each works once. */
  readonly usedEmailChangeTokens: readonly string[];
}

/** A deleted user stays deleted: its stream accepts no further command. */
export type UserState = { readonly status: 'unregistered' } | RegisteredUser | { readonly status: 'deleted' };

export const initialUserState: UserState = { status: 'unregistered' };

export function registered(state: UserState): RegisteredUser {
  if (state.status !== 'registered') throw new DomainError(AuthErrors.USER_NOT_FOUND);
  return state;
}

export function evolveUser(state: UserState, event: RecordedEvent): UserState {
  if (isEvent(event, UserRegistered)) {
    return {
      status: 'registered',
      userId: event.data.userId,
      emailVerified: event.data.emailVerified,
      credentialAccountId: null,
      pendingPasswordResets: [],
      pendingDeletions: [],
      usedEmailChangeTokens: [],
    };
  }
  if (isEvent(event, UserDeleted)) return { status: 'deleted' };
  if (state.status !== 'registered') return state;
  if (isEvent(event, CredentialAccountCreated)) return { ...state, credentialAccountId: event.data.accountId };
  if (isEvent(event, EmailVerified)) return { ...state, emailVerified: true };
  if (isEvent(event, EmailChangeVerificationRequested) && event.data.approvalTokenId) {
    return { ...state, usedEmailChangeTokens: [...state.usedEmailChangeTokens, event.data.approvalTokenId] };
  }
  if (isEvent(event, EmailChanged)) {
    return {
      ...state,
      emailVerified: true,
      usedEmailChangeTokens: [...state.usedEmailChangeTokens, event.data.tokenId],
    };
  }
  if (isEvent(event, PasswordResetRequested)) {
    const reset = { tokenHash: event.data.tokenHash, expiresAt: new Date(event.data.expiresAt) };
    return { ...state, pendingPasswordResets: [...state.pendingPasswordResets, reset] };
  }
  if (isEvent(event, AccountDeletionRequested)) {
    const deletion = { tokenHash: event.data.tokenHash, expiresAt: new Date(event.data.expiresAt) };
    return { ...state, pendingDeletions: [...state.pendingDeletions, deletion] };
  }
  // Any new password voids every reset link mailed before it.
  if (isEvent(event, PasswordChanged)) return { ...state, pendingPasswordResets: [] };
  return state;
}

export function userStreamId(userId: string): string {
  return `user-${userId}`;
}

/** True when a token with this hash was mailed and has not expired at `now`. */
export function isMailedTokenUsable(tokens: readonly MailedToken[], tokenHash: string, now: Date): boolean {
  return tokens.some((token) => token.tokenHash === tokenHash && token.expiresAt > now);
}
