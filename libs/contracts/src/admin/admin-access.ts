/**
 * The admin plugin's access statements (spec §3): what each resource allows, and what each built-in role
 * grants. Pure, so the gateway decides a caller's rights from the session it already read.
 */
export const ADMIN_STATEMENTS = {
  user: ['create', 'list', 'set-role', 'ban', 'impersonate', 'delete', 'set-password', 'get', 'update'],
  session: ['list', 'revoke', 'delete'],
} as const;

export type AdminResource = keyof typeof ADMIN_STATEMENTS;
/** Resources to the actions asked on each, as has-permission takes them (`{user: ['ban']}`). */
export type AdminPermissions = Readonly<Record<string, readonly string[]>>;

/** The roles a user may hold; the admin role has every action, the default user role none. */
export const ADMIN_ROLES: Readonly<Record<string, AdminPermissions>> = {
  admin: ADMIN_STATEMENTS,
  user: { user: [], session: [] },
};

/** The role a user holds unless an admin chose another. */
export const DEFAULT_ROLE = 'user';

/** A role as stored: one name or several, comma-joined. */
export function joinRoles(role: string | readonly string[]): string {
  return typeof role === 'string' ? role : role.join(',');
}

/** The role names of a stored role; a missing or empty role is the default one. */
export function rolesOf(role: string | null | undefined): string[] {
  return (role || DEFAULT_ROLE).split(',');
}

/** Whether every name in the role is a known role (unknown roles are refused, never stored). */
export function isKnownRole(role: string): boolean {
  return role.split(',').every((name) => Object.hasOwn(ADMIN_ROLES, name));
}

/** Who is asking, as a session shows them. */
export interface AdminSubject {
  readonly id: string;
  readonly role: string | null;
  readonly email?: string;
  readonly emailVerified?: boolean;
}

/**
 * Users granted everything whatever their role, from configuration (ADMIN_USER_IDS, ADMIN_EMAILS): how the
 * first admin exists. An email counts only once verified, or anyone could sign up with it first.
 */
export interface AdminGrants {
  readonly adminUserIds: readonly string[];
  readonly adminEmails: readonly string[];
}

export function isGrantedAdmin(subject: AdminSubject, grants: AdminGrants): boolean {
  if (grants.adminUserIds.includes(subject.id)) return true;
  const email = subject.email?.toLowerCase();
  return subject.emailVerified === true && email !== undefined && grants.adminEmails.includes(email);
}

/**
 * Whether the subject may do every action asked: granted by configuration, or one of its roles allows all of
 * them. Nothing asked, an unknown resource or an empty action list is no permission.
 */
export function hasAdminPermission(subject: AdminSubject, permissions: AdminPermissions, grants: AdminGrants): boolean {
  if (isGrantedAdmin(subject, grants)) return true;
  const asked = Object.entries(permissions);
  if (asked.length === 0) return false;
  return rolesOf(subject.role).some((name) => {
    const granted = Object.hasOwn(ADMIN_ROLES, name) ? ADMIN_ROLES[name] : undefined;
    return (
      granted !== undefined &&
      asked.every(
        ([resource, actions]) =>
          Object.hasOwn(granted, resource) &&
          actions.length > 0 &&
          actions.every((action) => granted[resource].includes(action)),
      )
    );
  });
}

/** Whether the subject counts as an admin (an admin role, or granted by configuration). */
export function isAdmin(subject: AdminSubject, grants: AdminGrants): boolean {
  return isGrantedAdmin(subject, grants) || rolesOf(subject.role).includes('admin');
}

/** A user's ban as their view shows it. */
export type UserBan = { readonly banned: boolean; readonly banExpires: string | null };

/** Whether the ban holds at `now`: an expired ban lifts itself, with no one to lift it. */
export function isBanned(ban: UserBan, now: Date): boolean {
  return ban.banned && (ban.banExpires === null || Date.parse(ban.banExpires) > now.getTime());
}

/** The view with an expired ban lifted, as every read shows it. */
export function withBanInForce<TView extends UserBan & { readonly banReason: string | null }>(
  view: TView,
  now: Date,
): TView {
  return view.banned && !isBanned(view, now) ? { ...view, banned: false, banReason: null, banExpires: null } : view;
}
