import { Id, LIMITS, OptionalBoolean, OptionalText } from '../messaging/fields.js';
import { TracedRequest } from '../messaging/traced-request.js';

/**
 * Which of the caller's provider accounts get-access-token, refresh-token and account-info are about, in either
 * client's words: 1.7's `{accountId}` (the account's id as list-accounts shows it) or the spec's (1.2)
 * `{providerId, accountId?}`. `userId` is accepted and ignored: over HTTP the session's user always wins, as in
 * the reference. 1.7's `useAccountCookie` names no cookie here (accounts live in the database).
 */
export class AccountSelectionBody {
  @OptionalText(LIMITS.name)
  providerId?: string;

  @OptionalText(LIMITS.id)
  accountId?: string;

  @OptionalText(LIMITS.id)
  userId?: string;

  @OptionalBoolean()
  useAccountCookie?: boolean;
}

/** One of the user's provider accounts, by its id, or by its provider (the first account of it). */
export class ProviderAccountRequest extends TracedRequest {
  @Id()
  userId!: string;

  @OptionalText(LIMITS.name)
  providerId?: string;

  @OptionalText(LIMITS.id)
  accountId?: string;
}

/** get-access-token's answer, as the reference's: a token valid for at least five more seconds. */
export interface ProviderAccessToken {
  readonly accessToken: string;
  /** ISO time; absent when the provider said nothing of the token's lifetime. */
  readonly accessTokenExpiresAt?: string;
  readonly scopes: readonly string[];
  readonly idToken?: string;
}

/**
 * refresh-token's answer: the reference's shape without the refresh token, which stays with identity (a rotating
 * refresh token used outside identity's single-flight refresh would revoke the grant; see docs/wire-differences.md).
 */
export interface RefreshedProviderTokens {
  readonly accessToken: string;
  readonly accessTokenExpiresAt?: string;
  readonly refreshTokenExpiresAt?: string;
  /** The granted scopes, comma-joined as the reference answers them. */
  readonly scope: string;
  readonly idToken?: string;
  readonly providerId: string;
  /** The account's id (list-accounts' `id`). */
  readonly accountId: string;
}

/** account-info's answer: the provider's profile now, read with the account's (refreshed if needed) token. */
export interface ProviderAccountInfo {
  readonly user: {
    /** The provider's id of the person. */
    readonly id: string;
    readonly name: string;
    readonly email: string | null;
    readonly image: string | null;
    readonly emailVerified: boolean;
  };
  /** The provider's own profile (Google's id-token claims, GitHub's `/user`). */
  readonly data: Readonly<Record<string, unknown>>;
  /** 1.7's addition: the account's id, provider and the provider's id of the person. */
  readonly account: { readonly id: string; readonly providerId: string; readonly accountId: string };
}
