import { OptionalUrl, Text } from '@authsvc/contracts';

export class VerifyEmailQueryParams {
  @Text(4096)
  token!: string;

  @OptionalUrl()
  callbackURL?: string;
}
