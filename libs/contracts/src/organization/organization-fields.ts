import { IsOptional, Matches, ValidateBy } from 'class-validator';
import { LIMITS, Text } from '../messaging/fields.js';
import { SLUG_PATTERN } from './organization-slug.js';

type FieldDecorator = (target: object, property: string) => void;

const MAX_ROLES = 16;
const MAX_RESOURCES = 16;
const MAX_ACTIONS = 16;
const NAME_LENGTH = 64;

const isShortString = (value: unknown, max: number): value is string =>
  typeof value === 'string' && value.length <= max;

/** A slug an organization may take (`SLUG_PATTERN`); lookups by slug take any text, as older slugs may differ. */
export const Slug = (): FieldDecorator => (target, property) => {
  Text(LIMITS.slug)(target, property);
  Matches(SLUG_PATTERN)(target, property);
};

export const OptionalSlug = (): FieldDecorator => (target, property) => {
  IsOptional()(target, property);
  Slug()(target, property);
};

/** A string, or a non-empty list of at most `items` of them, each at most `max` long: what it holds, else null. */
function stringsOf(value: unknown, max: number, items: number): string[] | null {
  const strings = Array.isArray(value) ? value : [value];
  if (strings.length === 0 || strings.length > items) return null;
  return strings.every((string) => isShortString(string, max)) ? strings : null;
}

/**
 * One role, several comma-separated, or a list of them: as the current client sends a role. Once joined with
 * commas it must fit a role column and name at least one role.
 */
export const RoleNames = (): FieldDecorator =>
  ValidateBy({
    name: 'roleNames',
    validator: {
      validate: (value: unknown) => {
        const joined = stringsOf(value, LIMITS.role, MAX_ROLES)?.join(',');
        return joined !== undefined && joined.length <= LIMITS.role && /[^,\s]/.test(joined);
      },
      defaultMessage: () => 'role must be a role name or a list of them',
    },
  });

/** A value to compare with, or a list of them (a repeated query key). */
export const TextOrList = (max: number, items: number): FieldDecorator =>
  ValidateBy({
    name: 'textOrList',
    validator: {
      validate: (value: unknown) => stringsOf(value, max, items) !== null,
      defaultMessage: () => '$property must be a string or a list of strings',
    },
  });

/** A record of resources to the actions asked on each (`{member: ['update']}`), as has-permission takes it. */
export const PermissionRecord = (): FieldDecorator =>
  ValidateBy({
    name: 'permissionRecord',
    validator: {
      validate: (value: unknown) => {
        if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
        const entries = Object.entries(value);
        return (
          entries.length <= MAX_RESOURCES &&
          entries.every(
            ([resource, actions]) =>
              resource.length <= NAME_LENGTH &&
              Array.isArray(actions) &&
              actions.length <= MAX_ACTIONS &&
              actions.every((action) => isShortString(action, NAME_LENGTH)),
          )
        );
      },
      defaultMessage: () => 'permissions must map resources to lists of actions',
    },
  });

/** The field may not come with `other` (two spellings of one input: exactly one is sent). */
export const NotWith = (other: string): FieldDecorator =>
  ValidateBy({
    name: 'notWith',
    // Named, so that the field's JSON Schema can say which (contract-json-schema.ts).
    constraints: [other],
    validator: {
      validate: (_value: unknown, args) => (args?.object as Record<string, unknown>)[other] === undefined,
      defaultMessage: () => `only one of $property and ${other} may be sent`,
    },
  });
