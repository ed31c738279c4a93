import { DomainError, OrganizationErrors, withMessage } from '@authsvc/errors';

/** What can be done to what: the organization's resources and their actions (spec §6, and `ac` of the current client). */
export const ORGANIZATION_STATEMENTS = {
  organization: ['update', 'delete'],
  member: ['create', 'update', 'delete'],
  invitation: ['create', 'cancel'],
  team: ['create', 'update', 'delete'],
  ac: ['create', 'read', 'update', 'delete'],
} as const;

export type Resource = keyof typeof ORGANIZATION_STATEMENTS;
export type Grants = Partial<Record<Resource, readonly string[]>>;

/** The role a creator gets, which owner-protection rules (last owner, who may grant it) are about. */
export const CREATOR_ROLE = 'owner';

/** owner has all; admin all but deleting the organization; member only reads the access rules. */
export const ORGANIZATION_ROLES: Readonly<Record<string, Grants>> = {
  owner: ORGANIZATION_STATEMENTS,
  admin: { ...ORGANIZATION_STATEMENTS, organization: ['update'] },
  member: { ac: ['read'] },
};

/** The roles of a role string ("admin,member" holds two), or of a list of them. */
export function rolesOf(role: string | readonly string[]): string[] {
  return (typeof role === 'string' ? role : role.join(','))
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name.length > 0);
}

/** The role names of these that are no role of the organization. */
export function unknownRoles(roles: readonly string[]): string[] {
  return roles.filter((name) => !Object.hasOwn(ORGANIZATION_ROLES, name));
}

/**
 * Roles as a request names them, when every one is a role of the organization: ROLE_NOT_FOUND names the others
 * as the current client words it (`ROLE_NOT_FOUND: wizard, ghost`); none at all is ROLE_NOT_FOUND too.
 */
export function knownRoles(roles: readonly string[]): readonly string[] {
  if (roles.length === 0) throw new DomainError(OrganizationErrors.ROLE_NOT_FOUND);
  const unknown = unknownRoles(roles);
  if (unknown.length > 0) {
    throw new DomainError(withMessage(OrganizationErrors.ROLE_NOT_FOUND, `ROLE_NOT_FOUND: ${unknown.join(', ')}`));
  }
  return roles;
}

/** The first of these role names that is no role of the organization, if any. */
export function unknownRole(roles: readonly string[]): string | undefined {
  return unknownRoles(roles)[0];
}

/** How far each role reaches: nobody grants a role above their own, or changes a member above them. */
const ROLE_RANKS: Readonly<Record<string, number>> = { member: 1, admin: 2, [CREATOR_ROLE]: 3 };

/** The highest rank among a role string's (or a list's) roles; 0 when it holds no known role. */
export function rankOf(role: string | readonly string[]): number {
  return Math.max(0, ...rolesOf(role).map((name) => (Object.hasOwn(ROLE_RANKS, name) ? ROLE_RANKS[name]! : 0)));
}

/**
 * Whether a member with this role string may do everything asked: some one of their roles must grant every
 * action of every resource asked. An empty request, or a resource asked with no action, grants nothing: "may I do
 * nothing" is no question a check should answer yes to.
 */
export function hasPermission(role: string, asked: Readonly<Record<string, readonly string[]>>): boolean {
  const resources = Object.entries(asked);
  if (resources.length === 0 || resources.some(([, actions]) => actions.length === 0)) return false;
  return rolesOf(role).some((name) => {
    const grants: Readonly<Record<string, readonly string[]>> | undefined = ORGANIZATION_ROLES[name];
    if (!grants) return false;
    return resources.every(
      ([resource, actions]) =>
        Object.hasOwn(grants, resource) && actions.every((action) => grants[resource]!.includes(action)),
    );
  });
}

/** Whether the role string holds the creator's role. */
export function isOwner(role: string): boolean {
  return rolesOf(role).includes(CREATOR_ROLE);
}
