import { defineEvent } from '../messaging/event-definition.js';

/** A provider's tokens for an account: private to identity, sealed with the user's data key in its events. */
export interface ProviderTokensPersonal {
  /** `null` when the client brought only an id token. */
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
}

/** The non-secret facts of an account's tokens. */
export interface ProviderTokenFacts {
  scopes: string[];
  accessTokenExpiresAt: string | null;
  refreshTokenExpiresAt: string | null;
}

// WARNING: persisted names (event types and subjects), do not rename.
/**
 * A provider account joined a user: at a social sign-up (`how: 'sign-up'`), at a sign-in that found the user by
 * an address verified on both sides (`implicit`), or at the signed-in user's own request (link-social, `link`).
 * The account is keyed by the provider's issuer and subject, never by address. The actor is in the event's
 * metadata; the tokens never leave identity.
 */
export const AccountLinked = defineEvent<
  'AccountLinked',
  ProviderTokenFacts & {
    accountId: string;
    userId: string;
    providerId: string;
    issuer: string;
    subject: string;
    how: 'sign-up' | 'implicit' | 'link';
    linkedAt: string;
  },
  /** `email`: the provider's address at the link (absent from events recorded before it was kept). */
  ProviderTokensPersonal & { email?: string | null }
>('AccountLinked', 'identity.events.account.linked', { personalIsPrivate: true });

/**
 * New tokens of an account replace those they name: a sign-in with it, or a refresh grant (get-access-token,
 * refresh-token; the user as actor). A refresh token the provider did not renew is recorded again as it was.
 */
export const ProviderTokensRefreshed = defineEvent<
  'ProviderTokensRefreshed',
  ProviderTokenFacts & { accountId: string; userId: string; refreshedAt: string },
  ProviderTokensPersonal
>('ProviderTokensRefreshed', 'identity.events.account.tokens-refreshed', { personalIsPrivate: true });

/**
 * The user unlinked a provider account (`unlink-account`), or a mailed link or code claimed the unverified account
 * it was linked to (see `UnverifiedAccountClaimed`): it signs nobody in any more, and its tokens, sealed in the
 * events that brought them, are no longer served. The actor is in the event's metadata.
 */
export const AccountUnlinked = defineEvent<
  'AccountUnlinked',
  { accountId: string; userId: string; providerId: string; unlinkedAt: string }
>('AccountUnlinked', 'identity.events.account.unlinked');
