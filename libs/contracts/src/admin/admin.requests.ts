import { IsInt, IsOptional, IsPositive, Max, ValidateIf } from 'class-validator';
import { Id, OptionalId, OptionalText, LIMITS } from '../messaging/fields.js';
import { traced } from '../messaging/traced-request.js';
import { NotWith, PermissionRecord, RoleNames } from '../organization/organization-fields.js';

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
export class AdminHasPermissionBody {
  @OptionalId()
  userId?: string;

  @OptionalText(LIMITS.role)
  role?: string;

  @ValidateIf((body: AdminHasPermissionBody) => body.permission === undefined || body.permissions !== undefined)
  @PermissionRecord()
  permissions?: Record<string, string[]>;

  @ValidateIf((body: AdminHasPermissionBody) => body.permission !== undefined)
  @PermissionRecord()
  @NotWith('permissions')
  permission?: Record<string, string[]>;
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
