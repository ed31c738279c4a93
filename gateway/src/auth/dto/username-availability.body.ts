import { LIMITS, Text } from '@authsvc/contracts';

export class UsernameAvailabilityBody {
  @Text(LIMITS.username)
  username!: string;
}
