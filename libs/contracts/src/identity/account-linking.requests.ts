import { Id, LIMITS, OptionalText, Text } from '../messaging/fields.js';
import { traced } from '../messaging/traced-request.js';
import { SocialIdToken, StartSocialSignInRequest } from './social.requests.js';

/** link-social's redirect branch: a flow like a sign-in's whose callback links the provider account to `userId`. */
export class StartSocialLinkRequest extends StartSocialSignInRequest {
  /** The signed-in user who asked: the link target the flow carries. */
  @Id()
  userId!: string;
}

/** link-social's id-token branch: the token the client brought, for the signed-in user. */
export class LinkWithIdTokenRequest extends traced(SocialIdToken) {
  @Text(LIMITS.name)
  provider!: string;

  @Id()
  userId!: string;
}

/**
 * POST /unlink-account, in both forms: 1.7's `{accountId: <account row id>}` and the spec's (1.2) `{providerId,
 * accountId?: <the provider's account id>}`; `accountId` may name either id under a `providerId`.
 */
export class UnlinkAccountBody {
  @OptionalText(LIMITS.name)
  providerId?: string;

  @OptionalText(LIMITS.token)
  accountId?: string;
}

export class UnlinkAccountRequest extends traced(UnlinkAccountBody) {
  @Id()
  userId!: string;
}
