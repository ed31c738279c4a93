import { LIMITS, NonEmptyText, OptionalImage, OptionalUsername } from '@authsvc/contracts';
import { Allow, IsOptional } from 'class-validator';

/**
 * POST /update-user. `email` and the fields only the system sets are accepted here so that the controller
 * can answer them with their own errors (EMAIL_CAN_NOT_BE_UPDATED, FIELD_NOT_ALLOWED); other unknown keys
 * are dropped.
 */
export class UpdateUserBody {
  @IsOptional()
  @NonEmptyText(LIMITS.name)
  name?: string;

  @OptionalImage()
  image?: string | null;

  @OptionalUsername()
  username?: string;

  @OptionalUsername()
  displayUsername?: string;

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

/** Fields of the user that only the system (or an admin, through its own endpoints) sets. */
export const SYSTEM_USER_FIELDS = ['emailVerified', 'role', 'banned', 'banReason', 'banExpires'] as const;
