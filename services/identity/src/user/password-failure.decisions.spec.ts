import { AccountLocked, SignInFailed, UserRegistered } from '@authsvc/contracts';
import { AuthErrors } from '@authsvc/errors';
import { pendingEvent } from '@authsvc/platform';
import { givenEvents } from '@authsvc/platform/testing';
import type { PasswordFailure } from '../security/password-failure.js';
import type { UserCommand } from './user.decider.js';
import { now, user } from './user-history.testing.js';

const until = new Date('2026-03-01T12:15:00.000Z');
const registered = [
  pendingEvent(
    UserRegistered,
    { userId: 'user1', emailVerified: true, createdAt: now.toISOString() },
    { email: 'ada@example.com', name: 'Ada', image: null },
    'user1',
  ),
];
const record = (failure: PasswordFailure): UserCommand => ({ type: 'RecordPasswordFailure', failure, now });

describe('user decider: failed passwords', () => {
  it('records a failure the throttle let through, with the count left out before it and no secret', () => {
    const events = givenEvents(user, registered)
      .when(record({ recorded: { unrecordedFailures: 7 }, accountLock: null }))
      .thenEvents();
    expect(events).toEqual([
      expect.objectContaining({
        definition: SignInFailed,
        data: { userId: 'user1', reason: 'invalid_password', unrecordedFailures: 7, failedAt: now.toISOString() },
        personal: null,
      }),
    ]);
  });

  it('records the account-wide lock, alone or after the failure that set it', () => {
    const lock = { until, failures: 100 };
    const alone = givenEvents(user, registered)
      .when(record({ recorded: null, accountLock: lock }))
      .thenEvents();
    expect(alone.map(({ data }) => data)).toEqual([
      { userId: 'user1', failures: 100, lockedUntil: until.toISOString(), lockedAt: now.toISOString() },
    ]);
    const both = givenEvents(user, registered)
      .when(record({ recorded: { unrecordedFailures: 0 }, accountLock: lock }))
      .thenEvents();
    expect(both.map(({ definition }) => definition)).toEqual([SignInFailed, AccountLocked]);
  });

  it('records nothing for a user who is not registered', () => {
    const error = givenEvents(user)
      .when(record({ recorded: { unrecordedFailures: 0 }, accountLock: null }))
      .thenError();
    expect((error as { code: string }).code).toBe(AuthErrors.USER_NOT_FOUND.code);
  });
});
