import type { StoredProviderTokens } from './stored-provider-tokens.js';

/** Spec §9: an access token is refreshed when it expires within five seconds (the reference's window). */
export const REFRESH_WINDOW_MS = 5_000;

/**
 * Whether get-access-token refreshes before answering: a refresh token is kept and the access token expires within
 * the window (or has expired). A token without a known expiry is answered as is, as the reference does.
 */
export function needsRefresh(tokens: StoredProviderTokens, now: Date): boolean {
  if (tokens.refreshToken === null || tokens.accessTokenExpiresAt === null) return false;
  return Date.parse(tokens.accessTokenExpiresAt) - now.getTime() < REFRESH_WINDOW_MS;
}
