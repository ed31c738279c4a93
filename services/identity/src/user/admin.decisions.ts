import {
  isKnownRole,
  UserBanned,
  UserRoleChanged,
  UserUnbanned,
  UserUpdated,
  type PersonalOf,
} from '@authsvc/contracts';
import { AdminErrors, DomainError } from '@authsvc/errors';
import { pendingEvent, type PendingEvent } from '@authsvc/platform';
import type { RegisteredUser } from './user-state.js';

/** An admin gives the user these roles (comma-joined); the admin is the command context's actor. */
export interface SetRole {
  readonly type: 'SetRole';
  readonly role: string;
  readonly now: Date;
}

/** An admin (`adminId`, also the context's actor) bans the user until `banExpires` (null: until unbanned). */
export interface BanUser {
  readonly type: 'BanUser';
  readonly adminId: string;
  readonly banReason: string;
  readonly banExpires: Date | null;
  readonly now: Date;
}

export interface UnbanUser {
  readonly type: 'UnbanUser';
  readonly now: Date;
}

/** An admin changes a user's profile fields and, with `role`, their roles (both already allowed to them). */
export interface AdminUpdateUser {
  readonly type: 'AdminUpdateUser';
  readonly changes: PersonalOf<typeof UserUpdated>;
  readonly role: string | null;
  readonly now: Date;
}

export type AdminCommand = SetRole | BanUser | UnbanUser | AdminUpdateUser;

/** Only the roles of the access statements are stored: an unknown role would grant nothing and mislead. */
export function setRole(command: SetRole, user: RegisteredUser): PendingEvent[] {
  if (!isKnownRole(command.role)) throw new DomainError(AdminErrors.YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE);
  const { userId } = user;
  return [pendingEvent(UserRoleChanged, { userId, role: command.role, changedAt: command.now.toISOString() })];
}

export function adminUpdateUser(command: AdminUpdateUser, user: RegisteredUser): PendingEvent[] {
  const { userId } = user;
  const profileChanged = Object.keys(command.changes).length > 0;
  if (!profileChanged && command.role === null) throw new DomainError(AdminErrors.NO_DATA_TO_UPDATE);
  const roleChange =
    command.role === null ? [] : setRole({ type: 'SetRole', role: command.role, now: command.now }, user);
  const updatedAt = command.now.toISOString();
  const profileChange = profileChanged
    ? [pendingEvent(UserUpdated, { userId, updatedAt }, command.changes, userId)]
    : [];
  return [...roleChange, ...profileChange];
}

/** An admin cannot lock themself out. A ban replaces any earlier one (reason and expiry). */
export function banUser(command: BanUser, user: RegisteredUser): PendingEvent[] {
  if (command.adminId === user.userId) throw new DomainError(AdminErrors.YOU_CANNOT_BAN_YOURSELF);
  const data = {
    userId: user.userId,
    banReason: command.banReason,
    banExpires: command.banExpires?.toISOString() ?? null,
    bannedAt: command.now.toISOString(),
  };
  return [pendingEvent(UserBanned, data)];
}

/** Lifting a ban is recorded even for a user not banned (the reference updates the user all the same). */
export function unbanUser(command: UnbanUser, user: RegisteredUser): PendingEvent[] {
  return [pendingEvent(UserUnbanned, { userId: user.userId, unbannedAt: command.now.toISOString() })];
}
