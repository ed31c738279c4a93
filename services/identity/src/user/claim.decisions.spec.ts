import { TwoFactorEnabled } from '@authsvc/contracts';
import { pendingEvent } from '@authsvc/platform';
import { givenEvents } from '@authsvc/platform/testing';
import type { UserCommand } from './user.decider.js';
import { now, registered, typesOf, user } from './user-history.testing.js';

const claim: UserCommand = {
  type: 'ClaimUnverifiedAccount',
  email: 'ada@example.com',
  name: 'Ada',
  url: 'http://localhost:3000/',
  now,
};

describe('user decider: an unverified account claimed by a mailed link or code', () => {
  it('removes the password, ends the sessions, verifies the address and mails the owner, in that order', () => {
    const events = givenEvents(user, registered()).when(claim).thenEvents();
    expect(typesOf(events)).toEqual([
      'CredentialAccountRemoved',
      'UnverifiedAccountClaimed',
      'EmailVerified',
      'AccountClaimNoticeRequested',
    ]);
    expect(events[0].data).toMatchObject({ accountId: 'account1', reason: 'unverified-address-claimed' });
    expect(events[1].data).toEqual({ userId: 'user1', claimedAt: now.toISOString(), credentialRemoved: true });
    expect(events[3].personal).toEqual({ email: 'ada@example.com', name: 'Ada', url: 'http://localhost:3000/' });
    expect(Date.parse((events[3].data as { expiresAt: string }).expiresAt)).toBeGreaterThan(now.getTime());
  });

  it('turns off a second factor set up before the address was proven (a squatter would lock the owner out)', () => {
    const enabled = pendingEvent(TwoFactorEnabled, { userId: 'user1', method: 'otp', enabledAt: now.toISOString() });
    const history = [...registered(), enabled];
    const events = givenEvents(user, history).when(claim).thenEvents();
    expect(typesOf(events)).toContain('TwoFactorDisabled');
    expect(events.find((event) => event.definition.type === 'TwoFactorDisabled')?.data).toEqual({
      userId: 'user1',
      by: 'address-claimed',
      disabledAt: now.toISOString(),
    });
    expect(givenEvents(user, [...history, ...events]).state).toMatchObject({ twoFactor: { enabled: false } });
  });

  it('leaves the user without a password afterwards', () => {
    const history = [...registered(), ...givenEvents(user, registered()).when(claim).thenEvents()];
    expect(givenEvents(user, history).state).toMatchObject({
      emailVerified: true,
      credentialAccountId: null,
      passwordHash: null,
    });
  });

  it('says no password was removed when there was none', () => {
    const events = givenEvents(user, registered({ passwordHash: null }))
      .when(claim)
      .thenEvents();
    expect(typesOf(events)).toEqual(['UnverifiedAccountClaimed', 'EmailVerified', 'AccountClaimNoticeRequested']);
    expect(events[0].data).toMatchObject({ credentialRemoved: false });
  });

  it("unlinks the provider accounts linked before the proof (one may be the squatter's)", () => {
    const squatted = registered({
      passwordHash: null,
      socialAccount: {
        account: { accountId: 'github1', providerId: 'github', issuer: 'https://github.com', subject: '42' },
        how: 'sign-up',
        email: 'ada@example.com',
        tokens: {
          facts: { scopes: [], accessTokenExpiresAt: null, refreshTokenExpiresAt: null },
          secrets: { accessToken: null, refreshToken: null, idToken: null },
        },
      },
    });
    const events = givenEvents(user, squatted).when(claim).thenEvents();
    expect(typesOf(events)).toEqual([
      'AccountUnlinked',
      'UnverifiedAccountClaimed',
      'EmailVerified',
      'AccountClaimNoticeRequested',
    ]);
    expect(events[0].data).toEqual({
      accountId: 'github1',
      userId: 'user1',
      providerId: 'github',
      unlinkedAt: now.toISOString(),
    });
    expect(givenEvents(user, [...squatted, ...events]).state).toMatchObject({ socialAccounts: [] });
  });

  it('changes nothing for a verified user', () => {
    expect(
      givenEvents(user, registered({ emailVerified: true }))
        .when(claim)
        .thenEvents(),
    ).toEqual([]);
  });
});

describe('user decider: a password reset by mailed code', () => {
  const reset: UserCommand = {
    type: 'ResetPasswordWithCode',
    passwordHash: '$2b$04$new',
    newAccountId: 'account2',
    signOutEverywhere: true,
    now,
  };

  it('changes the password, signing out everywhere, and verifies the address it proved', () => {
    const events = givenEvents(user, registered()).when(reset).thenEvents();
    expect(typesOf(events)).toEqual(['PasswordChanged', 'EmailVerified']);
    expect(events[0].data).toMatchObject({ accountId: 'account1', reason: 'reset', signOutEverywhere: true });
  });

  it('creates the credential account of a user without a password', () => {
    const events = givenEvents(user, registered({ passwordHash: null, emailVerified: true }))
      .when(reset)
      .thenEvents();
    expect(typesOf(events)).toEqual(['CredentialAccountCreated', 'PasswordChanged']);
    expect(events[0].data).toMatchObject({ accountId: 'account2' });
  });
});
