import { defineError } from '../error-definition.js';
import { HttpStatus } from '../http-status.js';

const { BAD_REQUEST, FORBIDDEN, INTERNAL_SERVER_ERROR } = HttpStatus;

/** Admin plugin errors, with the current client's explicit codes and wording. The key is the code. */
export const AdminErrors = {
  YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE: defineError('You are not allowed to change users role', FORBIDDEN),
  YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS: defineError('You are not allowed to create users', FORBIDDEN),
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS: defineError('You are not allowed to list users', FORBIDDEN),
  YOU_ARE_NOT_ALLOWED_TO_LIST_USERS_SESSIONS: defineError('You are not allowed to list users sessions', FORBIDDEN),
  YOU_ARE_NOT_ALLOWED_TO_BAN_USERS: defineError('You are not allowed to ban users', FORBIDDEN),
  YOU_ARE_NOT_ALLOWED_TO_IMPERSONATE_USERS: defineError('You are not allowed to impersonate users', FORBIDDEN),
  YOU_ARE_NOT_ALLOWED_TO_REVOKE_USERS_SESSIONS: defineError('You are not allowed to revoke users sessions', FORBIDDEN),
  YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS: defineError('You are not allowed to delete users', FORBIDDEN),
  YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD: defineError('You are not allowed to set users password', FORBIDDEN),
  YOU_ARE_NOT_ALLOWED_TO_GET_USER: defineError('You are not allowed to get user', FORBIDDEN),
  YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS: defineError('You are not allowed to update users', FORBIDDEN),
  YOU_CANNOT_IMPERSONATE_ADMINS: defineError('You cannot impersonate admins', FORBIDDEN),
  /** set-user-password on another admin (ours: the reference lets it take over an admin it may not impersonate). */
  YOU_CANNOT_SET_ADMINS_PASSWORD: defineError('You cannot set admins password', FORBIDDEN),
  /** stop-impersonating from a session that is no impersonation. */
  YOU_ARE_NOT_IMPERSONATING_ANYONE: defineError('You are not impersonating anyone', BAD_REQUEST),
  /** stop-impersonating without a live admin session of the impersonating admin in the admin_session cookie. */
  FAILED_TO_FIND_ADMIN_SESSION: defineError('Failed to find admin session', INTERNAL_SERVER_ERROR),
  YOU_CANNOT_BAN_YOURSELF: defineError('You cannot ban yourself', BAD_REQUEST),
  YOU_CANNOT_REMOVE_YOURSELF: defineError('You cannot remove yourself', BAD_REQUEST),
  NO_DATA_TO_UPDATE: defineError('No data to update', BAD_REQUEST),
  PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER: defineError(
    'Password cannot be updated through update-user. Use the set-user-password endpoint instead',
    BAD_REQUEST,
    'PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER',
  ),
  USER_ID_CANNOT_BE_UPDATED: defineError('User id cannot be updated', BAD_REQUEST),
  /** Only the roles of the access statements may be stored (the reference's answer once roles are configured). */
  YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE: defineError(
    'You are not allowed to set a non-existent role value',
    BAD_REQUEST,
    'YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE',
  ),
  /** has-permission with the deprecated `permission` field alone. */
  NO_PERMISSIONS_PASSED: defineError('invalid permission check. no permission(s) were passed.', BAD_REQUEST),
  /** Any session start of a banned user (bannedUserMessage of the reference's default profile). */
  BANNED_USER: defineError(
    'You have been banned from this application. Please contact support if you believe this is an error.',
    FORBIDDEN,
    'BANNED_USER',
  ),
} as const;
