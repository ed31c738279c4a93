import {
  CredentialAccountCreated,
  EmailVerified,
  PasswordChanged,
  PasswordResetRequested,
  UserRegistered,
} from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { isEvent, type RecordedEvent } from '@authsvc/platform';

/** A reset link that has been mailed: its token's hash and until when it works. */
export interface PendingPasswordReset {
  readonly tokenHash: string;
  readonly expiresAt: Date;
}

export interface RegisteredUser {
  readonly status: 'registered';
  readonly userId: string;
  readonly emailVerified: boolean;
  /** The credential (password) account, when the user has one. */
  readonly credentialAccountId: string | null;
  readonly pendingPasswordResets: readonly PendingPasswordReset[];
}

export type UserState = { readonly status: 'unregistered' } | RegisteredUser;

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
    };
  }
  if (state.status !== 'registered') return state;
  if (isEvent(event, CredentialAccountCreated)) return { ...state, credentialAccountId: event.data.accountId };
  if (isEvent(event, EmailVerified)) return { ...state, emailVerified: true };
  if (isEvent(event, PasswordResetRequested)) {
    const reset = { tokenHash: event.data.tokenHash, expiresAt: new Date(event.data.expiresAt) };
    return { ...state, pendingPasswordResets: [...state.pendingPasswordResets, reset] };
  }
  // Any new password voids every reset link mailed before it.
  if (isEvent(event, PasswordChanged)) return { ...state, pendingPasswordResets: [] };
  return state;
}

export function userStreamId(userId: string): string {
  return `user-${userId}`;
}
