import { OptionalPassword, OptionalText, OptionalUrl, LIMITS, Token } from '@authsvc/contracts';

export class DeleteUserBody {
  @OptionalUrl()
  callbackURL?: string;

  @OptionalPassword()
  password?: string;

  @OptionalText(LIMITS.token)
  token?: string;
}

export class DeleteUserCallbackQueryParams {
  @Token()
  token!: string;

  @OptionalUrl()
  callbackURL?: string;
}
