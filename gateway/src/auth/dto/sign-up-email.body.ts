import {
  Email,
  LIMITS,
  NonEmptyText,
  OptionalBoolean,
  OptionalImage,
  OptionalUrl,
  OptionalUsername,
} from '@authsvc/contracts';

/** POST /sign-up/email. Password length and username rules are the identity service's (catalogue errors). */
export class SignUpEmailBody {
  @NonEmptyText(LIMITS.name)
  name!: string;

  @Email()
  email!: string;

  @NonEmptyText(LIMITS.password)
  password!: string;

  @OptionalImage()
  image?: string | null;

  @OptionalUsername()
  username?: string;

  @OptionalUsername()
  displayUsername?: string;

  @OptionalUrl()
  callbackURL?: string;

  @OptionalBoolean()
  rememberMe?: boolean;
}
