import { LIMITS, Password, Text } from '../messaging/fields.js';
import { SessionClientRequest } from '../session/session.requests.js';

/** Sign-in with an email and password; the email's format is the service's rule (catalogue error). */
export class SignInWithEmailRequest extends SessionClientRequest {
  @Text(320)
  email!: string;

  @Password()
  password!: string;
}

/** Sign-in with a username and password; the username rules are the service's (catalogue errors). */
export class SignInWithUsernameRequest extends SessionClientRequest {
  @Text(LIMITS.username)
  username!: string;

  @Password()
  password!: string;
}
