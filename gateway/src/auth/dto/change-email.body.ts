import { Email, OptionalUrl } from '@authsvc/contracts';

export class ChangeEmailBody {
  @Email()
  newEmail!: string;

  @OptionalUrl()
  callbackURL?: string;
}
