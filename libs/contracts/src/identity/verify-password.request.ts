import { Password, Text } from '../messaging/fields.js';
import { TracedRequest } from '../messaging/traced-request.js';

/** Checks an email and password pair; the email's format is the service's rule (catalogue error). */
export class VerifyPasswordRequest extends TracedRequest {
  @Text(320)
  email!: string;

  @Password()
  password!: string;
}
