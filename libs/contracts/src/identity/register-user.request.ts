import { Email, LIMITS, NonEmptyPassword, OptionalBoolean, OptionalUrl, Text } from '../messaging/fields.js';
import { sessionClient } from '../messaging/session-client.request.js';
import { OptionalProfileFields } from './profile-fields.js';

/** What registers a user. Password length and username rules are the identity service's (catalogue errors). */
export class SignUpFields extends OptionalProfileFields {
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
}

/** POST /sign-up/email: the registration, and whether its session outlives the browser (true by default). */
export class SignUpEmailBody extends SignUpFields {
  @OptionalBoolean()
  rememberMe?: boolean;
}

/**
 * Sign-up with email and password, and the client facts of the session it starts: identity registers the user and
 * hands the request on to the session service, which answers the caller with the new session (`StartedSession`).
 */
export class RegisterUserRequest extends sessionClient(SignUpFields) {}
