import { LIMITS, OptionalText, Text } from '@authsvc/contracts';

/** POST /reset-password?token=: the token may come in the query instead of the body. */
export class ResetPasswordQueryParams {
  @OptionalText(LIMITS.token)
  token?: string;
}

/** GET /reset-password/:token, the mailed link: where the app's reset page is. */
export class ResetPasswordLinkQueryParams {
  @Text(LIMITS.url)
  callbackURL!: string;
}
