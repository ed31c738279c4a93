import { AccountLinked, AccountUnlinked, ProviderTokensRefreshed } from '@authsvc/contracts';
import { AuthErrors } from '@authsvc/errors';
import { givenEvents } from '@authsvc/platform/testing';
import { refreshProviderTokens, type LinkSocialAccount } from './social-account.decisions.js';
import { now, registered, user } from './user-history.testing.js';

const tokens = {
  facts: { scopes: ['openid', 'email'], accessTokenExpiresAt: '2026-03-01T13:00:00.000Z', refreshTokenExpiresAt: null },
  secrets: { accessToken: 'access', refreshToken: 'refresh', idToken: 'id-token' },
};
const link = (subject = '4815'): LinkSocialAccount => ({
  type: 'LinkSocialAccount',
  account: { accountId: `account-${subject}`, providerId: 'google', issuer: 'https://accounts.google.com', subject },
  how: 'sign-up',
  email: 'ada@example.com',
  tokens,
  now,
});

/** Ada signed up without a password. */
const signedUp = registered({ accountId: 'unused', passwordHash: null, emailVerified: true, verification: null });

describe('user decider: social accounts', () => {
  it('links a provider account, its tokens sealed as personal data, its key and scopes in the open', () => {
    const [event] = givenEvents(user, signedUp).when(link()).thenEvents();
    expect(event.definition).toBe(AccountLinked);
    expect(event.data).toEqual({
      accountId: 'account-4815',
      userId: 'user1',
      providerId: 'google',
      issuer: 'https://accounts.google.com',
      subject: '4815',
      how: 'sign-up',
      scopes: ['openid', 'email'],
      accessTokenExpiresAt: '2026-03-01T13:00:00.000Z',
      refreshTokenExpiresAt: null,
      linkedAt: now.toISOString(),
    });
    expect(event.personal).toEqual({ ...tokens.secrets, email: 'ada@example.com' });
  });

  it('refuses the same provider identity twice', () => {
    const linked = [...signedUp, ...givenEvents(user, signedUp).when(link()).thenEvents()];
    const outcome = givenEvents(user, linked).when(link());
    expect(outcome.thenError()).toMatchObject({ code: AuthErrors.SOCIAL_ACCOUNT_ALREADY_LINKED.code });
    expect(givenEvents(user, linked).when(link('other')).thenEvents()).toHaveLength(1);
  });

  it("records new tokens for one of the user's accounts only", () => {
    const refresh = { type: 'RefreshProviderTokens', tokens, now } as const;
    const owner = { userId: 'user1', socialAccounts: [{ accountId: 'account-4815' }] };
    const [event] = refreshProviderTokens({ ...refresh, accountId: 'account-4815' }, owner);
    expect(event.definition).toBe(ProviderTokensRefreshed);
    expect(event.data).toMatchObject({ accountId: 'account-4815', userId: 'user1', refreshedAt: now.toISOString() });
    expect(event.personal).toEqual(tokens.secrets);
    const foreign = () => refreshProviderTokens({ ...refresh, accountId: 'someone-elses' }, owner);
    expect(foreign).toThrow(expect.objectContaining({ code: AuthErrors.ACCOUNT_NOT_FOUND.code }));
  });

  it('refuses to link to a user who does not exist', () => {
    expect(givenEvents(user).when(link()).thenError()).toMatchObject({ code: AuthErrors.USER_NOT_FOUND.code });
  });
});

describe('user decider: unlinking a provider account', () => {
  const unlink = (accountId: string, allowUnlinkingAll = false) =>
    ({ type: 'UnlinkSocialAccount', accountId, allowUnlinkingAll, now }) as const;
  const withAccounts = (...subjects: string[]) =>
    subjects.reduce(
      (history, subject) => [...history, ...givenEvents(user, history).when(link(subject)).thenEvents()],
      signedUp,
    );

  it('unlinks one of two accounts with the actor and time, after which it is gone from the user', () => {
    const history = withAccounts('4815', '1623');
    const [event] = givenEvents(user, history).when(unlink('account-4815')).thenEvents();
    expect(event.definition).toBe(AccountUnlinked);
    expect(event.data).toEqual({
      accountId: 'account-4815',
      userId: 'user1',
      providerId: 'google',
      unlinkedAt: now.toISOString(),
    });
    const again = givenEvents(user, [...history, event]).when(unlink('account-4815', true));
    expect(again.thenError()).toMatchObject({ code: AuthErrors.ACCOUNT_NOT_FOUND.code });
  });

  it('protects the last way to sign in, before looking for the account, unless ALLOW_UNLINKING_ALL', () => {
    const history = withAccounts('4815');
    const last = givenEvents(user, history).when(unlink('account-4815'));
    expect(last.thenError()).toMatchObject({ code: AuthErrors.FAILED_TO_UNLINK_LAST_ACCOUNT.code });
    const unknown = givenEvents(user, history).when(unlink('someone-elses'));
    expect(unknown.thenError()).toMatchObject({ code: AuthErrors.FAILED_TO_UNLINK_LAST_ACCOUNT.code });
    expect(givenEvents(user, history).when(unlink('account-4815', true)).thenEvents()).toHaveLength(1);
  });

  it('counts the password as a way to sign in, and never unlinks it here', () => {
    const withPassword = givenEvents(user)
      .when({
        type: 'RegisterUser',
        userId: 'user2',
        accountId: 'credential-2',
        email: 'grace@example.com',
        name: 'Grace',
        image: null,
        username: { username: null, displayUsername: null },
        passwordHash: 'hash',
        role: 'user',
        emailVerified: true,
        now,
        verification: null,
      })
      .thenEvents();
    const history = [...withPassword, ...givenEvents(user, withPassword).when(link()).thenEvents()];
    expect(givenEvents(user, history).when(unlink('account-4815')).thenEvents()).toHaveLength(1);
    const credential = givenEvents(user, history).when(unlink('credential-2'));
    expect(credential.thenError()).toMatchObject({ code: AuthErrors.ACCOUNT_NOT_FOUND.code });
  });
});
