import type { ProviderAccessToken, ProviderAccountInfo, RefreshedProviderTokens } from '@authsvc/contracts';
import { type AccountEntity, grantedScopes } from '../../user/account.entity.js';
import type { ProviderProfile } from '../provider-descriptor.js';
import type { StoredProviderTokens } from './stored-provider-tokens.js';

/** A value the answer leaves out when there is none (the reference omits them). */
const present = <K extends string>(key: K, value: string | null): Partial<Record<K, string>> =>
  value === null ? {} : ({ [key]: value } as Record<K, string>);

/** get-access-token's answer. */
export const accessTokenAnswer = (
  account: AccountEntity,
  tokens: StoredProviderTokens & { accessToken: string },
): ProviderAccessToken => ({
  accessToken: tokens.accessToken,
  ...present('accessTokenExpiresAt', tokens.accessTokenExpiresAt),
  scopes: grantedScopes(account),
  ...present('idToken', tokens.idToken),
});

/** refresh-token's answer: the reference's, without the refresh token itself. */
export const refreshedAnswer = (
  account: AccountEntity,
  tokens: StoredProviderTokens & { accessToken: string },
): RefreshedProviderTokens => ({
  accessToken: tokens.accessToken,
  ...present('accessTokenExpiresAt', tokens.accessTokenExpiresAt),
  ...present('refreshTokenExpiresAt', tokens.refreshTokenExpiresAt),
  scope: account.scope,
  ...present('idToken', tokens.idToken),
  providerId: account.providerId,
  accountId: account.id,
});

/** account-info's answer: the provider's profile as its user, and its raw form. */
export const accountInfoAnswer = (account: AccountEntity, profile: ProviderProfile): ProviderAccountInfo => ({
  user: {
    id: profile.subject,
    name: profile.name,
    email: profile.email,
    image: profile.image,
    emailVerified: profile.emailVerified,
  },
  data: profile.raw,
  account: { id: account.id, providerId: account.providerId, accountId: account.accountId },
});
