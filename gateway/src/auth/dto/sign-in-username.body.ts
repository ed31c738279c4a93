import { LIMITS, OptionalBoolean, OptionalUrl, Password, Text } from '@authsvc/contracts';

/** POST /sign-in/username. Empty values and the username rules are the identity service's answers. */
export class SignInUsernameBody {
  @Text(LIMITS.username)
  username!: string;

  @Password()
  password!: string;

  @OptionalUrl()
  callbackURL?: string;

  @OptionalBoolean()
  rememberMe?: boolean;
}
