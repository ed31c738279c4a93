import { Allow, IsOptional } from 'class-validator';
import { Id, LIMITS, NonEmptyText } from '../messaging/fields.js';
import { traced } from '../messaging/traced-request.js';
import { OptionalProfileFields } from './profile-fields.js';

/** The profile fields a user changes themselves: only the fields given change. Username rules are the service's. */
export class UserProfileChanges extends OptionalProfileFields {
  @IsOptional()
  @NonEmptyText(LIMITS.name)
  name?: string;
}

/** Fields of the user that only the system (or an admin, through its own endpoints) sets. */
export const SYSTEM_USER_FIELDS = ['emailVerified', 'role', 'banned', 'banReason', 'banExpires'] as const;

/**
 * POST /update-user. `email` and the fields only the system sets are accepted here so that the gateway can
 * answer them with their own errors (EMAIL_CAN_NOT_BE_UPDATED, FIELD_NOT_ALLOWED); other unknown keys are
 * dropped.
 */
export class UpdateUserBody extends UserProfileChanges {
  @Allow()
  email?: unknown;

  @Allow()
  emailVerified?: unknown;

  @Allow()
  role?: unknown;

  @Allow()
  banned?: unknown;

  @Allow()
  banReason?: unknown;

  @Allow()
  banExpires?: unknown;
}

/** A signed-in user's profile change. */
export class UpdateUserRequest extends traced(UserProfileChanges) {
  @Id()
  userId!: string;
}
