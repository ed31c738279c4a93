import { defineRpc } from '../messaging/rpc-definition.js';
import {
  ProviderAccountRequest,
  type ProviderAccessToken,
  type ProviderAccountInfo,
  type RefreshedProviderTokens,
} from './provider-tokens.requests.js';

// WARNING: persisted names (subjects), do not rename.
/**
 * A signed-in user's provider tokens, kept sealed by identity. Errors: 400 ACCOUNT_NOT_FOUND, 400
 * PROVIDER_NOT_SUPPORTED, 400 FAILED_TO_GET_ACCESS_TOKEN / REFRESH_TOKEN_NOT_FOUND / FAILED_TO_REFRESH_ACCESS_TOKEN,
 * 401 FAILED_TO_GET_USER_INFO, as the reference answers them.
 */
export const ProviderTokenRpc = {
  /** The access token, refreshed first (once across replicas) when it expires within five seconds. */
  getAccessToken: defineRpc<ProviderAccountRequest, ProviderAccessToken>(
    'identity.rpc.account.access-token',
    ProviderAccountRequest,
  ),
  /** A refresh now; calls that overlap one share its result. */
  refreshToken: defineRpc<ProviderAccountRequest, RefreshedProviderTokens>(
    'identity.rpc.account.refresh-token',
    ProviderAccountRequest,
  ),
  /** The provider's profile, read with the account's access token. */
  accountInfo: defineRpc<ProviderAccountRequest, ProviderAccountInfo>(
    'identity.rpc.account.info',
    ProviderAccountRequest,
  ),
} as const;
