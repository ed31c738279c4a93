import type { UserView } from '@authsvc/contracts';

/**
 * What a service knows of one of identity's users: identity's public view, or null once the user was deleted (a
 * tombstone, so that a late copy of an older event cannot bring the user back). `lastPosition` is the
 * global position of the last identity event taken into account (0 when only fetched from identity).
 */
export interface UserSnapshot {
  readonly userId: string;
  readonly view: UserView | null;
  readonly lastPosition: bigint;
}

/** The snapshot after a fetch of identity's current view: the newer of the two by `updatedAt`. */
export function mergeFetchedUser(
  current: UserSnapshot | null,
  fetched: UserView,
): { snapshot: UserSnapshot; changed: boolean } {
  if (current && (!current.view || Date.parse(current.view.updatedAt) > Date.parse(fetched.updatedAt))) {
    return { snapshot: current, changed: false };
  }
  const snapshot = { userId: fetched.id, view: fetched, lastPosition: current?.lastPosition ?? 0n };
  return { snapshot, changed: !current || !sameView(current.view, fetched) };
}

export function sameView(a: UserView | null, b: UserView | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.id === b.id &&
    a.email === b.email &&
    a.name === b.name &&
    a.image === b.image &&
    a.emailVerified === b.emailVerified &&
    a.username === b.username &&
    a.displayUsername === b.displayUsername &&
    a.role === b.role &&
    a.banned === b.banned &&
    a.banReason === b.banReason &&
    a.banExpires === b.banExpires &&
    a.twoFactorEnabled === b.twoFactorEnabled &&
    a.createdAt === b.createdAt &&
    a.updatedAt === b.updatedAt
  );
}
