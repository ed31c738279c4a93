import { CredentialAccountCreated, UserRegistered, VerificationEmailRequested } from '@authsvc/contracts';
import { AuthErrors } from '@authsvc/errors';
import type { RecordedEvent } from '@authsvc/platform';
import { decideUser, evolveUser, initialUserState, type RegisterUser } from './user.decider.js';

const now = new Date('2026-03-01T12:00:00.000Z');

function registerUser(overrides: Partial<RegisterUser> = {}): RegisterUser {
  return {
    type: 'RegisterUser',
    userId: 'user1',
    accountId: 'account1',
    email: 'ada@example.com',
    name: 'Ada',
    image: null,
    username: null,
    passwordHash: '$2b$04$hash',
    now,
    verification: {
      url: 'http://localhost:3000/api/auth/verify-email?token=t',
      expiresAt: new Date(now.getTime() + 3600e3),
    },
    ...overrides,
  };
}

function recorded(type: string, data: unknown): RecordedEvent {
  return {
    type,
    data,
    schemaVersion: 1,
    streamId: 'user-user1',
    streamPosition: 1,
    globalPosition: '1',
    personal: null,
    personalSubject: 'user1',
    metadata: { eventId: 'e', correlationId: 'c', causationId: null, actorId: null, occurredAt: now.toISOString() },
  };
}

describe('user decider: registration', () => {
  it('given no user, registering records the user, the credential account and a verification request', () => {
    const events = decideUser(registerUser(), initialUserState);
    expect(events.map((event) => event.definition.type)).toEqual([
      UserRegistered.type,
      CredentialAccountCreated.type,
      VerificationEmailRequested.type,
    ]);
    expect(events[0]).toMatchObject({
      data: { userId: 'user1', emailVerified: false, createdAt: now.toISOString() },
      personal: { email: 'ada@example.com', name: 'Ada', image: null, username: null, displayUsername: null },
      personalSubject: 'user1',
    });
    expect(events[1]).toMatchObject({ data: { accountId: 'account1' }, personal: { passwordHash: '$2b$04$hash' } });
  });

  it('given a username, it is recorded with its display form as personal data', () => {
    const username = { username: 'ada_l', displayUsername: 'Ada_L' };
    const [registered] = decideUser(registerUser({ username }), initialUserState);
    expect(registered?.personal).toMatchObject(username);
  });

  it('given verification mails are off, no verification request is recorded', () => {
    const events = decideUser(registerUser({ verification: null }), initialUserState);
    expect(events.map((event) => event.definition.type)).not.toContain(VerificationEmailRequested.type);
  });

  it('given a registered user, registering again is refused', () => {
    const state = evolveUser(
      initialUserState,
      recorded(UserRegistered.type, { userId: 'user1', emailVerified: false }),
    );
    expect(state).toEqual({ status: 'registered', userId: 'user1', emailVerified: false });
    expect(() => decideUser(registerUser(), state)).toThrow(
      expect.objectContaining({ code: AuthErrors.USER_ALREADY_EXISTS.code }),
    );
  });
});
