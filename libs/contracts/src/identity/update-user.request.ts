import { Allow, IsOptional } from 'class-validator';
import { Id, LIMITS, Text } from '../messaging/fields.js';
import { traced } from '../messaging/traced-request.js';
import { OptionalProfileFields } from './profile-fields.js';
import { acceptingSystemUserFields } from './system-user-fields.js';

/** The profile fields a user changes themselves: only the fields given change. Username rules are the service's. */
export class UserProfileChanges extends OptionalProfileFields {
  @IsOptional()
  @Text(LIMITS.name)
  name?: string;
}

/**
 * POST /update-user. `email` and the fields only the system sets are accepted here so that the gateway can
 * answer them with their own errors (EMAIL_CAN_NOT_BE_UPDATED, FIELD_NOT_ALLOWED); other unknown keys
 * (emailVerified, id, createdAt…) are dropped, as the reference drops them.
 */
export class UpdateUserBody extends acceptingSystemUserFields(UserProfileChanges) {
  @Allow()
  email?: unknown;
}

/** A signed-in user's profile change. */
export class UpdateUserRequest extends traced(UserProfileChanges) {
  @Id()
  userId!: string;
}
