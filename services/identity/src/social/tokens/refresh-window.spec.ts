import { needsRefresh } from './refresh-window.js';
import { NO_PROVIDER_TOKENS, type StoredProviderTokens } from './stored-provider-tokens.js';

const now = new Date('2026-11-28T12:00:00.000Z');
const tokens = (accessTokenExpiresAt: string | null, refreshToken: string | null = 'rt'): StoredProviderTokens => ({
  ...NO_PROVIDER_TOKENS,
  accessToken: 'at',
  refreshToken,
  accessTokenExpiresAt,
});

describe('the refresh window (spec §9: five seconds before expiry)', () => {
  it('refreshes a token expiring in under five seconds, or already expired', () => {
    expect(needsRefresh(tokens('2026-11-28T12:00:04.999Z'), now)).toBe(true);
    expect(needsRefresh(tokens('2026-11-28T11:00:00.000Z'), now)).toBe(true);
  });

  it('answers a token with five seconds or more left as it is', () => {
    expect(needsRefresh(tokens('2026-11-28T12:00:05.000Z'), now)).toBe(false);
    expect(needsRefresh(tokens('2026-11-28T13:00:00.000Z'), now)).toBe(false);
  });

  it('never refreshes without a refresh token, nor a token whose lifetime the provider did not give', () => {
    expect(needsRefresh(tokens('2026-11-28T11:00:00.000Z', null), now)).toBe(false);
    expect(needsRefresh(tokens(null), now)).toBe(false);
  });
});
