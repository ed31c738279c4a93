import { Allow, IsIn, IsInt, IsNumberString, IsOptional, IsPositive, Max } from 'class-validator';
import type { UserView } from '../identity/user.view.js';
import {
  Email,
  Id,
  LIMITS,
  Nested,
  NonEmptyPassword,
  OptionalBoolean,
  OptionalId,
  OptionalImage,
  OptionalPassword,
  OptionalText,
  OptionalUsername,
  Text,
} from '../messaging/fields.js';
import { traced, TracedRequest } from '../messaging/traced-request.js';
import { RoleNames } from '../organization/organization-fields.js';
import { PermissionQuestion } from '../organization/permission-question.js';

/** POST /admin/set-role: one role or several (stored comma-joined). */
export class SetRoleBody {
  @Id()
  userId!: string;

  @RoleNames()
  role!: string | string[];
}

/** An admin (the request's actor) sets a user's roles. */
export class SetRoleRequest extends traced(SetRoleBody) {}

/**
 * POST /admin/has-permission: `permissions`, or the deprecated `permission` (refused with the reference's
 * NO_PERMISSIONS_PASSED), exactly one of them. The caller's session decides; `userId` and `role` are ignored
 * over HTTP, as in the reference.
 */
export class AdminHasPermissionBody extends PermissionQuestion {
  @OptionalId()
  userId?: string;

  @OptionalText(LIMITS.role)
  role?: string;
}

/** A request about one user, by id (unban-user, remove-user, …). */
export class AdminUserBody {
  @Id()
  userId!: string;
}

/** Ten years: a ban past it is a ban without expiry, better said with none. */
const LONGEST_BAN_SECONDS = 315_360_000;

/** POST /admin/ban-user: the reason (default "No reason") and seconds until the ban lifts (default never). */
export class BanUserBody extends AdminUserBody {
  @OptionalText(LIMITS.banReason)
  banReason?: string;

  @IsOptional()
  @IsInt()
  @IsPositive()
  @Max(LONGEST_BAN_SECONDS)
  banExpiresIn?: number;
}

/** An admin (the request's actor) bans a user. */
export class BanUserRequest extends traced(BanUserBody) {}

/** An admin (the request's actor) lifts a user's ban. */
export class UnbanUserRequest extends traced(AdminUserBody) {}

/** Fields create-user takes in `data` besides the required ones; other keys are dropped. */
export class CreateUserData {
  @OptionalBoolean()
  emailVerified?: boolean;

  @OptionalImage()
  image?: string | null;

  @OptionalUsername()
  username?: string;

  @OptionalUsername()
  displayUsername?: string;
}

/** POST /admin/create-user: no password, no credential account (a user who signs in through a provider). */
export class CreateUserBody {
  /** Any string here: the identity service answers a malformed one 400 INVALID_EMAIL, as the reference does. */
  @Text(LIMITS.email)
  email!: string;

  @OptionalPassword()
  password?: string;

  @Text(LIMITS.name)
  name!: string;

  @IsOptional()
  @RoleNames()
  role?: string | string[];

  @IsOptional()
  @Nested(() => CreateUserData)
  data?: CreateUserData;
}

export class CreateUserRequest extends traced(CreateUserBody) {}

/** GET /admin/get-user?id= */
export class AdminGetUserQuery {
  @Id()
  id!: string;
}

/** The user fields list-users may search, filter and sort by (columns of the users read model). */
export const LISTABLE_USER_FIELDS = [
  'id',
  'email',
  'name',
  'username',
  'displayUsername',
  'emailVerified',
  'role',
  'banned',
  'banExpires',
  'createdAt',
  'updatedAt',
] as const;
export type ListableUserField = (typeof LISTABLE_USER_FIELDS)[number];

export const USER_SEARCH_OPERATORS = ['contains', 'starts_with', 'ends_with'] as const;
export const USER_FILTER_OPERATORS = [
  'eq',
  'ne',
  'lt',
  'lte',
  'gt',
  'gte',
  'contains',
  'starts_with',
  'ends_with',
] as const;

/** Most users one page answers: a request for more (or for all, without `limit`) gets this many. */
export const MAX_USERS_PAGE = 1000;

/** GET /admin/list-users; numbers arrive as query strings. */
export class ListUsersQuery {
  @OptionalText(LIMITS.name)
  searchValue?: string;

  @IsOptional()
  @IsIn(['email', 'name'])
  searchField?: 'email' | 'name';

  @IsOptional()
  @IsIn(USER_SEARCH_OPERATORS)
  searchOperator?: (typeof USER_SEARCH_OPERATORS)[number];

  @IsOptional()
  @IsNumberString({ no_symbols: true })
  limit?: string;

  @IsOptional()
  @IsNumberString({ no_symbols: true })
  offset?: string;

  @IsOptional()
  @IsIn(LISTABLE_USER_FIELDS)
  sortBy?: ListableUserField;

  @IsOptional()
  @IsIn(['asc', 'desc'])
  sortDirection?: 'asc' | 'desc';

  @IsOptional()
  @IsIn(LISTABLE_USER_FIELDS)
  filterField?: ListableUserField;

  @OptionalText(LIMITS.name)
  filterValue?: string;

  @IsOptional()
  @IsIn(USER_FILTER_OPERATORS)
  filterOperator?: (typeof USER_FILTER_OPERATORS)[number];
}

export class ListUsersRequest extends traced(ListUsersQuery) {}

/** One page of list-users: the users and how many match in all. */
export interface UserPage {
  readonly users: UserView[];
  readonly total: number;
}

/**
 * What /admin/update-user changes in `data`. `password` and `id` are taken in only to be refused by name; other
 * keys are dropped.
 */
export class AdminUserChanges {
  @IsOptional()
  @Text(LIMITS.name)
  name?: string;

  @OptionalImage()
  image?: string | null;

  @IsOptional()
  @RoleNames()
  role?: string | string[];

  @Allow()
  password?: unknown;

  @Allow()
  id?: unknown;
}

export class AdminUpdateUserBody extends AdminUserBody {
  @Nested(() => AdminUserChanges)
  data!: AdminUserChanges;
}

export class AdminUpdateUserRequest extends traced(AdminUpdateUserBody) {}

/** POST /admin/set-user-password: replaces the password, or gives the user a first one. */
export class SetUserPasswordBody extends AdminUserBody {
  @NonEmptyPassword()
  newPassword!: string;
}

export class SetUserPasswordRequest extends traced(SetUserPasswordBody) {}

/** An admin (the request's actor) deletes a user with their sessions and accounts. */
export class RemoveUserRequest extends traced(AdminUserBody) {}

/** Server code (the `npm run admin` CLI) gives the user with this email a role: how the first admin is made. */
export class SetRoleByEmailRequest extends TracedRequest {
  @Email()
  email!: string;

  @RoleNames()
  role!: string | string[];
}
