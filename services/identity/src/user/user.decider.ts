import { CredentialAccountCreated, UserRegistered, VerificationEmailRequested } from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { isEvent, pendingEvent, type PendingEvent, type RecordedEvent } from '@authsvc/platform';

export type UserState =
  | { readonly status: 'unregistered' }
  | { readonly status: 'registered'; readonly userId: string; readonly emailVerified: boolean };

export const initialUserState: UserState = { status: 'unregistered' };

/** Registration with email and password; ids, time, the hash and the verification link come in from outside. */
export interface RegisterUser {
  readonly type: 'RegisterUser';
  readonly userId: string;
  readonly accountId: string;
  readonly email: string;
  readonly name: string;
  readonly image: string | null;
  readonly username: { readonly username: string; readonly displayUsername: string } | null;
  readonly passwordHash: string;
  readonly now: Date;
  readonly verification: { readonly url: string; readonly expiresAt: Date } | null;
}

export type UserCommand = RegisterUser;

export function decideUser(command: UserCommand, state: UserState): PendingEvent[] {
  switch (command.type) {
    case 'RegisterUser':
      return register(command, state);
    default: {
      const unknownCommand: never = command.type;
      throw new Error(`unknown command ${String(unknownCommand)}`);
    }
  }
}

function register(command: RegisterUser, state: UserState): PendingEvent[] {
  if (state.status !== 'unregistered') throw new DomainError(AuthErrors.USER_ALREADY_EXISTS);
  const createdAt = command.now.toISOString();
  const { userId } = command;
  const events = [
    pendingEvent(
      UserRegistered,
      { userId, emailVerified: false, createdAt },
      {
        email: command.email,
        name: command.name,
        image: command.image,
        username: command.username?.username ?? null,
        displayUsername: command.username?.displayUsername ?? null,
      },
      userId,
    ),
    pendingEvent(
      CredentialAccountCreated,
      { accountId: command.accountId, userId, createdAt },
      { passwordHash: command.passwordHash },
      userId,
    ),
  ];
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

export function evolveUser(state: UserState, event: RecordedEvent): UserState {
  if (isEvent(event, UserRegistered)) {
    return { status: 'registered', userId: event.data.userId, emailVerified: event.data.emailVerified };
  }
  return state;
}

export function userStreamId(userId: string): string {
  return `user-${userId}`;
}
