import { Email, LIMITS, NonEmptyPassword, OptionalBoolean, OptionalUrl, Text } from '../messaging/fields.js';
import { traced } from '../messaging/traced-request.js';
import { OptionalProfileFields } from './profile-fields.js';

/** POST /sign-up/email. Password length and username rules are the identity service's (catalogue errors). */
export class SignUpEmailBody extends OptionalProfileFields {
  /** May be empty, as the reference's (the profile's display name is the app's to require). */
  @Text(LIMITS.name)
  name!: string;

  @Email()
  email!: string;

  @NonEmptyPassword()
  password!: string;

  /** Where the verification link sends the user after verifying (already checked against trusted origins). */
  @OptionalUrl()
  callbackURL?: string;

  /** The gateway's, for the session it starts after the registration. */
  @OptionalBoolean()
  rememberMe?: boolean;
}

/** Sign-up with email and password: the body as the client sent it. */
export class RegisterUserRequest extends traced(SignUpEmailBody) {}
