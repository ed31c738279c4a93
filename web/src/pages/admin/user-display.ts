/** A user as the admin plugin answers it (list-users, get-user), the fields these screens show. */
export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  role?: string | null;
  banned?: boolean | null;
  banReason?: string | null;
  banExpires?: string | Date | null;
  createdAt: string | Date;
}

export const dateTime = (value: string | Date) => new Date(value).toLocaleString();

/** "Active", "Banned", or "Banned until …"; a ban whose time has passed has lifted itself (docs/admin.md). */
export function banDescription({ banned, banExpires }: AdminUserRow): string {
  if (!banned) return 'Active';
  if (!banExpires) return 'Banned';
  return new Date(banExpires) <= new Date() ? 'Active (ban expired)' : `Banned until ${dateTime(banExpires)}`;
}

/** The roles of a user, stored comma-joined. */
export const rolesOf = (user: AdminUserRow): string[] => (user.role ?? 'user').split(',').map((role) => role.trim());
