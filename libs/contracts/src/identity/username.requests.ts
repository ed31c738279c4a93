import { LIMITS, Text } from '../messaging/fields.js';
import { TracedRequest } from '../messaging/traced-request.js';

export class UsernameAvailabilityRequest extends TracedRequest {
  @Text(LIMITS.username)
  username!: string;
}
