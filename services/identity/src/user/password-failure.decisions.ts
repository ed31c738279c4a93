import { AccountLocked, SignInFailed } from '@authsvc/contracts';
import { pendingEvent, type PendingEvent } from '@authsvc/platform';
import type { PasswordFailure } from '../security/password-failure.js';
import type { RegisteredUser } from './user-state.js';

/** A wrong password for the user's account, as far as the audit log records it (decided by the throttle). */
export interface RecordPasswordFailure {
  readonly type: 'RecordPasswordFailure';
  readonly failure: PasswordFailure;
  readonly now: Date;
}

/** The failure when it opened an audit window, and the account-wide lock when it set one; else nothing. */
export function recordPasswordFailure(command: RecordPasswordFailure, { userId }: RegisteredUser): PendingEvent[] {
  const { recorded, accountLock } = command.failure;
  const at = command.now.toISOString();
  const events: PendingEvent[] = [];
  if (recorded) {
    const { unrecordedFailures } = recorded;
    events.push(pendingEvent(SignInFailed, { userId, reason: 'invalid_password', unrecordedFailures, failedAt: at }));
  }
  if (accountLock) {
    const { failures, until } = accountLock;
    events.push(pendingEvent(AccountLocked, { userId, failures, lockedUntil: until.toISOString(), lockedAt: at }));
  }
  return events;
}
