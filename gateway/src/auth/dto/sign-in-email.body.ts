import { OptionalBoolean, OptionalUrl, Password, Text } from '@authsvc/contracts';

/** POST /sign-in/email. The email's format is checked by the identity service (400 INVALID_EMAIL). */
export class SignInEmailBody {
  @Text(320)
  email!: string;

  @Password()
  password!: string;

  @OptionalUrl()
  callbackURL?: string;

  @OptionalBoolean()
  rememberMe?: boolean;
}
