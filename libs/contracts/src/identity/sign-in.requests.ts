import { LIMITS, OptionalBoolean, OptionalText, OptionalUrl, Password, Text } from '../messaging/fields.js';
import { sessionClient } from '../messaging/session-client.request.js';

/** An email and password to check; the email's format is the service's rule (400 INVALID_EMAIL). */
export class EmailCredentials {
  @Text(LIMITS.email)
  email!: string;

  @Password()
  password!: string;
}

/** A username and password to check; empty values and the username rules are the service's answers. */
export class UsernameCredentials {
  @Text(LIMITS.username)
  username!: string;

  @Password()
  password!: string;
}

/** POST /sign-in/email. `rememberMe` defaults to true; with a callbackURL the client is sent there. */
export class SignInEmailBody extends EmailCredentials {
  @OptionalUrl()
  callbackURL?: string;

  @OptionalBoolean()
  rememberMe?: boolean;
}

/** POST /sign-in/username, as /sign-in/email. */
export class SignInUsernameBody extends UsernameCredentials {
  @OptionalUrl()
  callbackURL?: string;

  @OptionalBoolean()
  rememberMe?: boolean;
}

/**
 * Sign-in: the credentials, the client facts identity hands on with them to start the session, and the id of the
 * browser's trusted device (from its signed trust_device cookie), which spares a two-factor user the second step.
 */
export class SignInWithEmailRequest extends sessionClient(EmailCredentials) {
  @OptionalText(LIMITS.token)
  trustedDevice?: string;
}

export class SignInWithUsernameRequest extends sessionClient(UsernameCredentials) {
  @OptionalText(LIMITS.token)
  trustedDevice?: string;
}
