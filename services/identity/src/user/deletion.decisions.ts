import { AccountDeletionRequested, UserDeleted } from '@authsvc/contracts';
import { AuthErrors, DomainError, HttpStatus } from '@authsvc/errors';
import { pendingEvent, type PendingEvent } from '@authsvc/platform';
import { isMailedTokenUsable, type RegisteredUser } from './user-state.js';

/** Mails a link that deletes the account when its owner follows it; only the token's hash is kept. */
export interface RequestUserDeletion {
  readonly type: 'RequestUserDeletion';
  readonly tokenHash: string;
  readonly email: string;
  readonly name: string;
  readonly url: string;
  readonly expiresAt: Date;
}

/** Deletes the user: already proven (password, fresh session), or through a mailed link (`tokenHash`). */
export interface DeleteUser {
  readonly type: 'DeleteUser';
  readonly tokenHash: string | null;
  readonly now: Date;
}

export type DeletionCommand = RequestUserDeletion | DeleteUser;

export function requestUserDeletion(command: RequestUserDeletion, user: RegisteredUser): PendingEvent[] {
  const { userId } = user;
  return [
    pendingEvent(
      AccountDeletionRequested,
      { userId, expiresAt: command.expiresAt.toISOString(), tokenHash: command.tokenHash },
      { email: command.email, name: command.name, url: command.url },
      userId,
    ),
  ];
}

export function deleteUser(command: DeleteUser, user: RegisteredUser): PendingEvent[] {
  if (command.tokenHash !== null && !isMailedTokenUsable(user.pendingDeletions, command.tokenHash, command.now)) {
    // The reference answers a bad deletion link with 404.
    throw new DomainError(AuthErrors.INVALID_TOKEN, { status: HttpStatus.NOT_FOUND });
  }
  return [pendingEvent(UserDeleted, { userId: user.userId, deletedAt: command.now.toISOString() })];
}
