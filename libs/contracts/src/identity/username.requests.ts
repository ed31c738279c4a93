import { LIMITS, Password, Text } from '../messaging/fields.js';
import { TracedRequest } from '../messaging/traced-request.js';

/** Sign-in with a username; the username rules are the service's (catalogue errors). */
export class VerifyUsernamePasswordRequest extends TracedRequest {
  @Text(LIMITS.username)
  username!: string;

  @Password()
  password!: string;
}

export class UsernameAvailabilityRequest extends TracedRequest {
  @Text(LIMITS.username)
  username!: string;
}
