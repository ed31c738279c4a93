import {
  AccountLinked,
  AccountUnlinked,
  ProviderTokensRefreshed,
  type ProviderTokensPersonal,
} from '@authsvc/contracts';
import { isEvent, type RecordedEvent } from '@authsvc/platform';

/** An account's provider tokens as identity holds them now (unsealed from the user's events). */
export interface StoredProviderTokens {
  readonly accessToken: string | null;
  readonly refreshToken: string | null;
  readonly idToken: string | null;
  readonly accessTokenExpiresAt: string | null;
  readonly refreshTokenExpiresAt: string | null;
}

/** An account without tokens (a credential account, or erased personal data). */
export const NO_PROVIDER_TOKENS: StoredProviderTokens = {
  accessToken: null,
  refreshToken: null,
  idToken: null,
  accessTokenExpiresAt: null,
  refreshTokenExpiresAt: null,
};

/** The tokens of one event; all null once the user's data key was destroyed. */
const tokensOf = (
  personal: ProviderTokensPersonal | null,
  facts: { accessTokenExpiresAt: string | null; refreshTokenExpiresAt: string | null },
): StoredProviderTokens => ({
  accessToken: personal?.accessToken ?? null,
  refreshToken: personal?.refreshToken ?? null,
  idToken: personal?.idToken ?? null,
  accessTokenExpiresAt: facts.accessTokenExpiresAt,
  refreshTokenExpiresAt: facts.refreshTokenExpiresAt,
});

/**
 * New tokens replace those they name: a sign-in or refresh without a refresh token (or id token) keeps the one
 * before, as the reference's update does; an expiry goes with its token.
 */
export const mergeTokens = (before: StoredProviderTokens, after: StoredProviderTokens): StoredProviderTokens => {
  const access = after.accessToken === null ? before : after;
  const refresh = after.refreshToken === null ? before : after;
  return {
    accessToken: access.accessToken,
    accessTokenExpiresAt: access.accessTokenExpiresAt,
    refreshToken: refresh.refreshToken,
    refreshTokenExpiresAt: refresh.refreshTokenExpiresAt,
    idToken: after.idToken ?? before.idToken,
  };
};

/** The current tokens of the account `accountId` from its user's history (none for an account never linked). */
export function storedProviderTokens(history: readonly RecordedEvent[], accountId: string): StoredProviderTokens {
  let tokens = NO_PROVIDER_TOKENS;
  for (const event of history) {
    if (isEvent(event, AccountLinked) && event.data.accountId === accountId) {
      tokens = tokensOf(event.personal, event.data);
    } else if (isEvent(event, ProviderTokensRefreshed) && event.data.accountId === accountId) {
      tokens = mergeTokens(tokens, tokensOf(event.personal, event.data));
    } else if (isEvent(event, AccountUnlinked) && event.data.accountId === accountId) {
      // An unlinked account's tokens are never served again, even if the same account is linked once more later.
      tokens = NO_PROVIDER_TOKENS;
    }
  }
  return tokens;
}

/** Whether another refresh (or sign-in) replaced the tokens read before. */
export const replacedSince = (before: StoredProviderTokens, now: StoredProviderTokens): boolean =>
  before.accessToken !== now.accessToken || before.refreshToken !== now.refreshToken;
