import { LIMITS, Text } from '../messaging/fields.js';
import { traced } from '../messaging/traced-request.js';

/** POST /is-username-available. */
export class UsernameAvailabilityBody {
  @Text(LIMITS.username)
  username!: string;
}

export class UsernameAvailabilityRequest extends traced(UsernameAvailabilityBody) {}
