import {
  CredentialAccountCreated,
  EmailChanged,
  EmailVerified,
  PasswordChanged,
  UserRegistered,
  VerificationEmailRequested,
} from '@authsvc/contracts';
import { AuthErrors } from '@authsvc/errors';
import type { PendingEvent } from '@authsvc/platform';
import { decideUser, type RegisterUser } from './user.decider.js';
import { evolveUser, initialUserState, type UserState } from './user-state.js';

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

function codeOf(action: () => unknown): string | undefined {
  try {
    action();
    return undefined;
  } catch (error) {
    return (error as { code: string }).code;
  }
}

/** The state after the decided events were recorded on top of `state`. */
function replay(events: readonly PendingEvent[], state: UserState = initialUserState): UserState {
  return events.reduce<UserState>(
    (current, event, index) =>
      evolveUser(current, {
        type: event.definition.type,
        data: event.data,
        schemaVersion: 1,
        streamId: 'user-user1',
        streamPosition: index + 1,
        globalPosition: String(index + 1),
        personal: event.personal,
        personalSubject: event.personalSubject,
        metadata: { eventId: 'e', correlationId: 'c', causationId: null, actorId: null, occurredAt: '' },
      }),
    state,
  );
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
    const state = replay(decideUser(registerUser(), initialUserState));
    expect(state).toMatchObject({ status: 'registered', userId: 'user1', emailVerified: false });
    expect(() => decideUser(registerUser(), state)).toThrow(
      expect.objectContaining({ code: AuthErrors.USER_ALREADY_EXISTS.code }),
    );
  });
});

describe('user decider: email verification', () => {
  const link = { email: 'ada@example.com', name: 'Ada', url: 'http://x/verify', expiresAt: now };

  it('verifies once: a second verification records nothing', () => {
    const user = replay(decideUser(registerUser(), initialUserState));
    const first = decideUser({ type: 'VerifyEmail', now }, user);
    expect(first.map((event) => event.definition.type)).toEqual([EmailVerified.type]);
    expect(decideUser({ type: 'VerifyEmail', now }, replay(first, user))).toEqual([]);
  });

  it('mails a new link only while the address is unverified', () => {
    const user = replay(decideUser(registerUser(), initialUserState));
    expect(decideUser({ type: 'RequestVerificationEmail', ...link }, user)).toHaveLength(1);
    const verified = replay(decideUser({ type: 'VerifyEmail', now }, user), user);
    expect(() => decideUser({ type: 'RequestVerificationEmail', ...link }, verified)).toThrow(
      expect.objectContaining({ code: AuthErrors.EMAIL_ALREADY_VERIFIED.code }),
    );
  });

  it('refuses commands for a user who does not exist', () => {
    expect(() => decideUser({ type: 'VerifyEmail', now }, initialUserState)).toThrow(
      expect.objectContaining({ code: AuthErrors.USER_NOT_FOUND.code }),
    );
  });
});

describe('user decider: passwords', () => {
  const later = new Date(now.getTime() + 60_000);
  const resetRequest = (tokenHash: string) => ({
    type: 'RequestPasswordReset' as const,
    tokenHash,
    email: 'ada@example.com',
    name: 'Ada',
    url: 'http://x/reset',
    expiresAt: new Date(now.getTime() + 3600e3),
  });
  const reset = (tokenHash: string, at = later) => ({
    type: 'ResetPassword' as const,
    tokenHash,
    passwordHash: '$2b$04$new',
    newAccountId: 'account2',
    signOutEverywhere: true,
    now: at,
  });
  const withResetRequested = (...hashes: string[]) => {
    let state = replay(decideUser(registerUser(), initialUserState));
    for (const hash of hashes) state = replay(decideUser(resetRequest(hash), state), state);
    return state;
  };

  it('resets with a mailed, unexpired token and records the new hash privately', () => {
    const events = decideUser(reset('h1'), withResetRequested('h1'));
    expect(events.map((event) => event.definition.type)).toEqual([PasswordChanged.type]);
    expect(events[0]).toMatchObject({
      data: { userId: 'user1', accountId: 'account1', reason: 'reset', signOutEverywhere: true },
      personal: { passwordHash: '$2b$04$new' },
    });
  });

  it('refuses unknown and expired tokens, and every earlier token once a password was set', () => {
    const state = withResetRequested('h1', 'h2');
    expect(codeOf(() => decideUser(reset('other'), state))).toBe(AuthErrors.INVALID_TOKEN.code);
    expect(codeOf(() => decideUser(reset('h1', new Date(now.getTime() + 3601e3)), state))).toBe(
      AuthErrors.INVALID_TOKEN.code,
    );
    const afterReset = replay(decideUser(reset('h1'), state), state);
    expect(codeOf(() => decideUser(reset('h1'), afterReset))).toBe(AuthErrors.INVALID_TOKEN.code);
    expect(codeOf(() => decideUser(reset('h2'), afterReset))).toBe(AuthErrors.INVALID_TOKEN.code);
  });

  it('changes a password only where there is a credential account', () => {
    const user = replay(decideUser(registerUser(), initialUserState));
    const change = { type: 'ChangePassword' as const, passwordHash: '$2b$04$x', signOutEverywhere: false, now };
    expect(decideUser(change, user)[0]).toMatchObject({ data: { reason: 'change', accountId: 'account1' } });
    const withoutPassword = { ...user, credentialAccountId: null };
    expect(codeOf(() => decideUser(change, withoutPassword))).toBe(AuthErrors.CREDENTIAL_ACCOUNT_NOT_FOUND.code);
  });

  it('sets a first password by creating the credential account, and refuses a second', () => {
    const user = { ...replay(decideUser(registerUser(), initialUserState)), credentialAccountId: null };
    const set = { type: 'SetPassword' as const, passwordHash: '$2b$04$x', newAccountId: 'account9', now };
    const events = decideUser(set, user);
    expect(events.map((event) => event.definition.type)).toEqual([CredentialAccountCreated.type, PasswordChanged.type]);
    expect(codeOf(() => decideUser(set, replay(events, user)))).toBe(AuthErrors.USER_ALREADY_HAS_PASSWORD.code);
  });
});

describe('user decider: email change', () => {
  const link = { email: 'new@example.com', name: 'Ada', url: 'http://x/verify', expiresAt: now };
  const registeredUser = () => replay(decideUser(registerUser(), initialUserState));

  it('lets an unverified user prove the new address directly, and a verified one only after approval', () => {
    const unverified = registeredUser();
    const direct = { type: 'RequestNewEmailVerification' as const, ...link, approvalTokenId: null };
    expect(decideUser(direct, unverified)).toHaveLength(1);
    const verified = replay(decideUser({ type: 'VerifyEmail', now }, unverified), unverified);
    expect(codeOf(() => decideUser(direct, verified))).toBe(AuthErrors.EMAIL_ALREADY_VERIFIED.code);
    expect(decideUser({ ...direct, approvalTokenId: 'approval1' }, verified)).toHaveLength(1);
  });

  it('uses every approval and change link once', () => {
    let user = registeredUser();
    const approved = { type: 'RequestNewEmailVerification' as const, ...link, approvalTokenId: 'approval1' };
    user = replay(decideUser(approved, user), user);
    expect(codeOf(() => decideUser(approved, user))).toBe(AuthErrors.INVALID_TOKEN.code);
    const change = { type: 'ChangeEmail' as const, newEmail: 'new@example.com', tokenId: 'change1', now };
    const changed = decideUser(change, user);
    expect(changed.map((event) => event.definition.type)).toEqual([EmailChanged.type]);
    user = replay(changed, user);
    expect(user).toMatchObject({ emailVerified: true });
    expect(codeOf(() => decideUser(change, user))).toBe(AuthErrors.INVALID_TOKEN.code);
  });
});
