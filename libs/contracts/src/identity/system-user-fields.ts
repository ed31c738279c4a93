import { Allow } from 'class-validator';

/** Fields of the user that only the system (or an admin, through its own endpoints) sets. */
export const SYSTEM_USER_FIELDS = ['role', 'banned', 'banReason', 'banExpires'] as const;

export type SystemUserFields = { [field in (typeof SYSTEM_USER_FIELDS)[number]]?: unknown };

/**
 * The body class plus the system fields, let through validation so that the gateway can refuse each by name
 * (FIELD_NOT_ALLOWED) instead of dropping it like any other unknown key.
 */
export function acceptingSystemUserFields<TBody extends object>(
  Body: new () => TBody,
): new () => TBody & SystemUserFields {
  class WithSystemUserFields extends (Body as new () => object) {
    @Allow()
    role?: unknown;

    @Allow()
    banned?: unknown;

    @Allow()
    banReason?: unknown;

    @Allow()
    banExpires?: unknown;
  }
  return WithSystemUserFields as new () => TBody & SystemUserFields;
}
