import { Email, OptionalUrl } from '@authsvc/contracts';

export class SendVerificationEmailBody {
  @Email()
  email!: string;

  @OptionalUrl()
  callbackURL?: string;
}
