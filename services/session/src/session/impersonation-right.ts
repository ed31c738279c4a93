import { hasAdminPermission, isBanned, type AdminSubject, type UserBan } from '@authsvc/contracts';

/** The right an impersonation needs its admin to keep. */
export const IMPERSONATE = { user: ['impersonate'] };

/**
 * Whether a user's role still lets them impersonate (a deleted or banned user's does not). The grants of the
 * gateway's configuration (ADMIN_USER_IDS, ADMIN_EMAILS) are not counted here: the gateway checks them on each
 * impersonated request, and an admin it grants can start a new impersonation.
 */
export function roleKeepsImpersonation(user: (AdminSubject & UserBan) | null, now: Date): boolean {
  if (user === null || isBanned(user, now)) return false;
  return hasAdminPermission(user, IMPERSONATE, { adminUserIds: [], adminEmails: [] });
}
