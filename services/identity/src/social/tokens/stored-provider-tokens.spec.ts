import { type PendingEvent } from '@authsvc/platform';
import { asRecordedEvent } from '@authsvc/platform/testing';
import {
  accountLinked,
  refreshProviderTokens,
  unlinkSocialAccount,
  type ProviderTokenGrant,
} from '../../user/social-account.decisions.js';
import type { RegisteredUser } from '../../user/user-state.js';
import { tokensOfRefresh } from './refresh-grant.js';
import {
  mergeTokens,
  NO_PROVIDER_TOKENS,
  replacedSince,
  storedProviderTokens,
  type StoredProviderTokens,
} from './stored-provider-tokens.js';

const now = new Date('2026-11-28T12:00:00.000Z');
const account = { accountId: 'acc-1', providerId: 'google', issuer: 'https://accounts.google.com', subject: 's' };
const user = { userId: 'user-1', socialAccounts: [account] } as unknown as RegisteredUser;

const grant = (tokens: Partial<StoredProviderTokens>): ProviderTokenGrant => {
  const all = { ...NO_PROVIDER_TOKENS, ...tokens };
  return {
    facts: {
      scopes: ['openid'],
      accessTokenExpiresAt: all.accessTokenExpiresAt,
      refreshTokenExpiresAt: all.refreshTokenExpiresAt,
    },
    secrets: { accessToken: all.accessToken, refreshToken: all.refreshToken, idToken: all.idToken },
  };
};
const linked = (tokens: Partial<StoredProviderTokens>): PendingEvent =>
  accountLinked(user.userId, { account, how: 'sign-up', tokens: grant(tokens) }, now);
const refreshed = (tokens: Partial<StoredProviderTokens>, accountId = 'acc-1'): PendingEvent => {
  const command = { type: 'RefreshProviderTokens', accountId, tokens: grant(tokens), now } as const;
  const owner = { ...user, socialAccounts: [{ ...account, accountId }] } as RegisteredUser;
  return refreshProviderTokens(command, owner)[0];
};
const current = (...events: PendingEvent[]) => storedProviderTokens(events.map(asRecordedEvent), 'acc-1');

describe("an account's provider tokens, from its user's events", () => {
  it('starts with the tokens of the link, and takes those of each refresh', () => {
    const first = {
      accessToken: 'a1',
      refreshToken: 'r1',
      idToken: 'i1',
      accessTokenExpiresAt: '2026-11-28T13:00:00Z',
    };
    expect(current(linked(first))).toEqual({ ...first, refreshTokenExpiresAt: null });
    const second = {
      accessToken: 'a2',
      refreshToken: 'r2',
      idToken: 'i2',
      accessTokenExpiresAt: '2026-11-28T14:00:00Z',
    };
    expect(current(linked(first), refreshed(second))).toEqual({ ...second, refreshTokenExpiresAt: null });
  });

  it('keeps the refresh token and id token when a refresh brings none, and an expiry only with its token', () => {
    const first = {
      accessToken: 'a1',
      refreshToken: 'r1',
      refreshTokenExpiresAt: '2026-12-01T00:00:00Z',
      idToken: 'i1',
    };
    const next = { accessToken: 'a2', accessTokenExpiresAt: '2026-11-28T13:00:00Z' };
    expect(current(linked(first), refreshed(next))).toEqual({
      accessToken: 'a2',
      accessTokenExpiresAt: '2026-11-28T13:00:00Z',
      refreshToken: 'r1',
      refreshTokenExpiresAt: '2026-12-01T00:00:00Z',
      idToken: 'i1',
    });
  });

  it("ignores other accounts' events, and has no tokens for an account never linked", () => {
    expect(current(linked({ accessToken: 'a1' }), refreshed({ accessToken: 'other' }, 'acc-2')).accessToken).toBe('a1');
    expect(current()).toEqual(NO_PROVIDER_TOKENS);
  });

  it('has no tokens once the account is unlinked, until a new link brings new ones', () => {
    const command = { type: 'UnlinkSocialAccount', accountId: 'acc-1', allowUnlinkingAll: true, now } as const;
    const unlinked = unlinkSocialAccount(command, user)[0];
    expect(current(linked({ accessToken: 'a1', refreshToken: 'r1' }), unlinked)).toEqual(NO_PROVIDER_TOKENS);
    expect(current(linked({ accessToken: 'a1' }), unlinked, linked({ accessToken: 'a2' })).accessToken).toBe('a2');
  });

  it('has no tokens once the user data key is destroyed (personal data reads as null)', () => {
    const erased = { ...asRecordedEvent(linked({ accessToken: 'a1', refreshToken: 'r1' }), 0), personal: null };
    expect(storedProviderTokens([erased], 'acc-1')).toEqual(NO_PROVIDER_TOKENS);
  });

  it('tells tokens replaced since a read (a refresh or sign-in in between) from the same tokens', () => {
    const before = { ...NO_PROVIDER_TOKENS, accessToken: 'a1', refreshToken: 'r1' };
    expect(replacedSince(before, before)).toBe(false);
    expect(replacedSince(before, { ...before, accessToken: 'a2' })).toBe(true);
    expect(replacedSince(before, { ...before, refreshToken: 'r2' })).toBe(true);
  });
});

describe("a refresh grant's answer", () => {
  it('dates the tokens from their lifetimes, and leaves out what the provider did not send', () => {
    const answered = tokensOfRefresh({ access_token: 'a2', token_type: 'bearer', expires_in: 3600 }, now);
    expect(answered).toEqual({
      accessToken: 'a2',
      accessTokenExpiresAt: '2026-11-28T13:00:00.000Z',
      refreshToken: null,
      refreshTokenExpiresAt: null,
      idToken: null,
    });
    const before = { ...NO_PROVIDER_TOKENS, accessToken: 'a1', refreshToken: 'r1', idToken: 'i1' };
    expect(mergeTokens(before, answered)).toMatchObject({ accessToken: 'a2', refreshToken: 'r1', idToken: 'i1' });
  });

  it('takes a rotated refresh token with its lifetime', () => {
    const rotated = tokensOfRefresh(
      { access_token: 'a2', token_type: 'bearer', refresh_token: 'r2', refresh_token_expires_in: 60 },
      now,
    );
    expect(rotated).toMatchObject({ refreshToken: 'r2', refreshTokenExpiresAt: '2026-11-28T12:01:00.000Z' });
  });
});
