import {
  CredentialAccountCreated,
  EmailChanged,
  EmailChangeVerificationRequested,
  EmailVerified,
  PasswordChanged,
  PasswordHashUpgraded,
  UserRegistered,
  VerificationEmailRequested,
} from '@authsvc/contracts';
import { AuthErrors } from '@authsvc/errors';
import { type PendingEvent } from '@authsvc/platform';
import { givenEvents, type DecisionOutcome } from '@authsvc/platform/testing';
import type { UserCommand } from './user.decider.js';
import { now, registerUser, typesOf, user } from './user-history.testing.js';

/** The history extended by the events the command decided on it. */
function after(history: readonly PendingEvent[], command: UserCommand): PendingEvent[] {
  return [...history, ...givenEvents(user, history).when(command).thenEvents()];
}

/** The catalogue code the command was refused with. */
function codeOf(outcome: DecisionOutcome): string {
  return (outcome.thenError() as { code: string }).code;
}

/** Ada registered with a password; a verification link was mailed to her. */
const registration = givenEvents(user).when(registerUser()).thenEvents();

describe('user decider: registration', () => {
  it('given no user, registering records the user, the credential account and a verification request', () => {
    const events = givenEvents(user).when(registerUser()).thenEvents();
    expect(typesOf(events)).toEqual([
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

  it('an admin-created user may have a role, a verified address and no password (no credential account)', () => {
    const events = givenEvents(user)
      .when(registerUser({ role: 'admin', emailVerified: true, passwordHash: null, verification: null }))
      .thenEvents();
    expect(typesOf(events)).toEqual([UserRegistered.type]);
    expect(events[0]?.data).toMatchObject({ role: 'admin', emailVerified: true });
  });

  it('given a username, it is recorded with its display form as personal data', () => {
    const username = { username: 'ada_l', displayUsername: 'Ada_L' };
    const [registered] = givenEvents(user).when(registerUser({ username })).thenEvents();
    expect(registered?.personal).toMatchObject(username);
  });

  it('given verification mails are off, no verification request is recorded', () => {
    const events = givenEvents(user)
      .when(registerUser({ verification: null }))
      .thenEvents();
    expect(typesOf(events)).not.toContain(VerificationEmailRequested.type);
  });

  it('given a registered user, registering again is refused', () => {
    const registered = givenEvents(user, registration);
    expect(registered.state).toMatchObject({ status: 'registered', userId: 'user1', emailVerified: false });
    expect(codeOf(registered.when(registerUser()))).toBe(AuthErrors.USER_ALREADY_EXISTS.code);
  });
});

describe('user decider: email verification', () => {
  const link = { email: 'ada@example.com', name: 'Ada', url: 'http://x/verify', expiresAt: now };

  it('verifies once: a second verification records nothing', () => {
    const first = givenEvents(user, registration).when({ type: 'VerifyEmail', now }).thenEvents();
    expect(typesOf(first)).toEqual([EmailVerified.type]);
    expect(
      givenEvents(user, [...registration, ...first])
        .when({ type: 'VerifyEmail', now })
        .thenEvents(),
    ).toEqual([]);
  });

  it('mails a new link only while the address is unverified', () => {
    const request = { type: 'RequestVerificationEmail', ...link } as const;
    expect(givenEvents(user, registration).when(request).thenEvents()).toHaveLength(1);
    const verified = after(registration, { type: 'VerifyEmail', now });
    expect(codeOf(givenEvents(user, verified).when(request))).toBe(AuthErrors.EMAIL_ALREADY_VERIFIED.code);
  });

  it('refuses commands for a user who does not exist', () => {
    expect(codeOf(givenEvents(user).when({ type: 'VerifyEmail', now }))).toBe(AuthErrors.USER_NOT_FOUND.code);
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
  const withResetRequested = (...hashes: string[]) =>
    hashes.reduce((history, hash) => after(history, resetRequest(hash)), registration);
  /** A user without a password (as after a social sign-in): registered, but no credential account. */
  const withoutPassword = registration.filter((event) => event.definition !== CredentialAccountCreated);

  it('resets with a mailed, unexpired token and records the new hash privately', () => {
    const events = givenEvents(user, withResetRequested('h1')).when(reset('h1')).thenEvents();
    expect(typesOf(events)).toEqual([PasswordChanged.type]);
    expect(events[0]).toMatchObject({
      data: { userId: 'user1', accountId: 'account1', reason: 'reset', signOutEverywhere: true },
      personal: { passwordHash: '$2b$04$new' },
    });
  });

  it('refuses unknown and expired tokens, and every earlier token once a password was set', () => {
    const requested = givenEvents(user, withResetRequested('h1', 'h2'));
    expect(codeOf(requested.when(reset('other')))).toBe(AuthErrors.INVALID_TOKEN.code);
    expect(codeOf(requested.when(reset('h1', new Date(now.getTime() + 3601e3))))).toBe(AuthErrors.INVALID_TOKEN.code);
    const afterReset = givenEvents(user, after(withResetRequested('h1', 'h2'), reset('h1')));
    expect(codeOf(afterReset.when(reset('h1')))).toBe(AuthErrors.INVALID_TOKEN.code);
    expect(codeOf(afterReset.when(reset('h2')))).toBe(AuthErrors.INVALID_TOKEN.code);
  });

  it('changes a password only where there is a credential account', () => {
    const change = { type: 'ChangePassword' as const, passwordHash: '$2b$04$x', signOutEverywhere: false, now };
    expect(givenEvents(user, registration).when(change).thenEvents()[0]).toMatchObject({
      data: { reason: 'change', accountId: 'account1' },
    });
    expect(codeOf(givenEvents(user, withoutPassword).when(change))).toBe(AuthErrors.CREDENTIAL_ACCOUNT_NOT_FOUND.code);
  });

  it('sets a first password by creating the credential account, and refuses a second', () => {
    const set = {
      type: 'SetPassword' as const,
      passwordHash: '$2b$04$x',
      newAccountId: 'account9',
      replaceExisting: false,
      now,
    };
    const events = givenEvents(user, withoutPassword).when(set).thenEvents();
    expect(typesOf(events)).toEqual([CredentialAccountCreated.type, PasswordChanged.type]);
    expect(codeOf(givenEvents(user, [...withoutPassword, ...events]).when(set))).toBe(
      AuthErrors.USER_ALREADY_HAS_PASSWORD.code,
    );
    // An admin's set-user-password replaces it, and signs no one out.
    const replaced = givenEvents(user, registration)
      .when({ ...set, replaceExisting: true })
      .thenEvents();
    expect(replaced[0]).toMatchObject({ data: { reason: 'set', accountId: 'account1', signOutEverywhere: false } });
  });
});

describe('user decider: admin actions', () => {
  const set = (role: string) => ({ type: 'SetRole' as const, role, now });

  it('sets known roles only', () => {
    expect(givenEvents(user, registration).when(set('admin,user')).thenEvents()[0]).toMatchObject({
      data: { userId: 'user1', role: 'admin,user' },
    });
    expect(codeOf(givenEvents(user, registration).when(set('superhero')))).toBe(
      'YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE',
    );
  });

  it('bans anyone but the acting admin, until the expiry given; unbans', () => {
    const ban = { type: 'BanUser' as const, adminId: 'admin1', banReason: 'spam', banExpires: null, now };
    expect(givenEvents(user, registration).when(ban).thenEvents()[0]).toMatchObject({
      data: { userId: 'user1', banReason: 'spam', banExpires: null, bannedAt: now.toISOString() },
    });
    expect(codeOf(givenEvents(user, registration).when({ ...ban, adminId: 'user1' }))).toBe('YOU_CANNOT_BAN_YOURSELF');
    const unban = givenEvents(user, registration).when({ type: 'UnbanUser', now }).thenEvents();
    expect(unban[0]).toMatchObject({ data: { userId: 'user1', unbannedAt: now.toISOString() } });
  });

  it('updates profile fields and roles together, and refuses an update of nothing', () => {
    const update = { type: 'AdminUpdateUser' as const, changes: { name: 'Ada L.' }, role: 'admin', now };
    const events = givenEvents(user, registration).when(update).thenEvents();
    expect(events.map((event) => event.data)).toEqual([
      { userId: 'user1', role: 'admin', changedAt: now.toISOString() },
      { userId: 'user1', updatedAt: now.toISOString() },
    ]);
    expect(codeOf(givenEvents(user, registration).when({ ...update, changes: {}, role: null }))).toBe(
      'NO_DATA_TO_UPDATE',
    );
  });
});

describe('user decider: password hash upgrade', () => {
  const upgrade = (verifiedHash: string) => ({
    type: 'UpgradePasswordHash' as const,
    verifiedHash,
    passwordHash: '$hmac-sha256$key1$2b$04$upgraded',
    now,
  });

  it('replaces the hash the sign-in verified, privately, and only once', () => {
    const events = givenEvents(user, registration).when(upgrade('$2b$04$hash')).thenEvents();
    expect(typesOf(events)).toEqual([PasswordHashUpgraded.type]);
    expect(events[0]).toMatchObject({
      data: { userId: 'user1', accountId: 'account1', upgradedAt: now.toISOString() },
      personal: { passwordHash: '$hmac-sha256$key1$2b$04$upgraded' },
    });
    expect(
      givenEvents(user, [...registration, ...events])
        .when(upgrade('$2b$04$hash'))
        .thenEvents(),
    ).toEqual([]);
  });

  it('drops the upgrade when the password changed after the sign-in read the hash', () => {
    const change = {
      type: 'ChangePassword' as const,
      passwordHash: '$hmac-sha256$key1$2b$04$new',
      signOutEverywhere: false,
      now,
    };
    expect(givenEvents(user, after(registration, change)).when(upgrade('$2b$04$hash')).thenEvents()).toEqual([]);
  });
});

describe('user decider: email change', () => {
  const link = { email: 'new@example.com', name: 'Ada', url: 'http://x/verify', expiresAt: now };

  it("mails an unverified user's new address its link at once, and the followed link makes it the verified email", () => {
    const request = { type: 'RequestNewEmailVerification' as const, ...link, approvalTokenId: null };
    const requested = givenEvents(user, registration).when(request).thenEvents();
    expect(typesOf(requested)).toEqual([EmailChangeVerificationRequested.type]);
    expect(requested[0]).toMatchObject({ personal: { email: 'new@example.com', url: 'http://x/verify' } });
    const history = [...registration, ...requested];
    expect(givenEvents(user, history).state).toMatchObject({ emailVerified: false, usedEmailChangeTokens: [] });
    const change = { type: 'ChangeEmail' as const, newEmail: 'new@example.com', tokenId: 'change1', now };
    const changed = givenEvents(user, history).when(change).thenEvents();
    expect(typesOf(changed)).toEqual([EmailChanged.type]);
    expect(changed[0]).toMatchObject({ personal: { email: 'new@example.com' } });
    expect(givenEvents(user, [...history, ...changed]).state).toMatchObject({ emailVerified: true });
  });

  it('uses every approval and change link once', () => {
    const approved = { type: 'RequestNewEmailVerification' as const, ...link, approvalTokenId: 'approval1' };
    const approval = after(registration, approved);
    expect(codeOf(givenEvents(user, approval).when(approved))).toBe(AuthErrors.INVALID_TOKEN.code);
    const change = { type: 'ChangeEmail' as const, newEmail: 'new@example.com', tokenId: 'change1', now };
    const changed = givenEvents(user, approval).when(change).thenEvents();
    expect(typesOf(changed)).toEqual([EmailChanged.type]);
    const afterChange = givenEvents(user, [...approval, ...changed]);
    expect(afterChange.state).toMatchObject({ emailVerified: true });
    expect(codeOf(afterChange.when(change))).toBe(AuthErrors.INVALID_TOKEN.code);
  });
});
