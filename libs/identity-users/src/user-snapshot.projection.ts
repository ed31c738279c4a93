import {
  DEFAULT_ROLE,
  EmailChanged,
  EmailVerified,
  UserDeleted,
  UserBanned,
  UserRegistered,
  UserRoleChanged,
  UserUnbanned,
  UserUpdated,
  UserViewChanges,
  TwoFactorDisabled,
  TwoFactorEnabled,
  type DataOf,
  type PersonalOf,
  type PublishedEvent,
  type UserView,
} from '@authsvc/contracts';
import type { ConsumerProjection } from '@authsvc/platform';
import type { UserSnapshot } from './user-snapshot.js';

/** The identity events that shape a user's public view. */
const USER_SNAPSHOT_EVENTS: readonly string[] = [UserRegistered, ...UserViewChanges].map((event) => event.type);
/** The changes that carry no personal part, so an erased one still applies. */
const PUBLIC_CHANGES: readonly string[] = [
  EmailVerified,
  UserRoleChanged,
  UserBanned,
  UserUnbanned,
  TwoFactorEnabled,
  TwoFactorDisabled,
].map((event) => event.type);

/**
 * What an identity event does to the snapshot: `store` it (possibly unchanged: a redelivered copy, whose
 * reactions run again in case the first delivery failed after the write), `ignore` it,
 * or `resync` from identity: an event older than the last one applied arrived late (redelivered after a
 * failure while later ones went through), and a partial change cannot be applied out of order.
 */
export type SnapshotOutcome =
  | { readonly type: 'store'; readonly snapshot: UserSnapshot }
  | { readonly type: 'ignore' }
  | { readonly type: 'resync' };

const IGNORE: SnapshotOutcome = { type: 'ignore' };

/** A service's view of each identity user, keyed by user id; `store` writes the snapshot. */
export const userSnapshotProjection: ConsumerProjection<UserSnapshot, SnapshotOutcome> = {
  handles: USER_SNAPSHOT_EVENTS,
  key: (event) => {
    const { userId } = event.data as { userId?: unknown };
    return typeof userId === 'string' ? userId : null;
  },
  evolve: (current, event) => {
    const outcome = evolveUserSnapshot(current, event);
    return { write: outcome.type === 'store' ? outcome.snapshot : undefined, result: outcome };
  },
};

/** Pure: the snapshot's answer to one published identity event (delivery is at least once, in any order). */
export function evolveUserSnapshot(current: UserSnapshot | null, event: PublishedEvent): SnapshotOutcome {
  if (!USER_SNAPSHOT_EVENTS.includes(event.type)) return IGNORE;
  const position = BigInt(event.globalPosition);
  const userId = (event.data as { userId: string }).userId;
  if (event.type === UserDeleted.type) {
    const lastPosition = current && current.lastPosition > position ? current.lastPosition : position;
    return { type: 'store', snapshot: { userId, view: null, lastPosition } };
  }
  if (current && position < current.lastPosition) return current.view ? { type: 'resync' } : IGNORE;
  if (event.type === UserRegistered.type) {
    if (current) return { type: 'store', snapshot: { ...current, lastPosition: position } };
    const view = registeredView(
      event as PublishedEvent<DataOf<typeof UserRegistered>, PersonalOf<typeof UserRegistered>>,
    );
    return view ? { type: 'store', snapshot: { userId, view, lastPosition: position } } : IGNORE;
  }
  // A change of a user we hold nothing of: the first need of their view fetches it from identity.
  if (!current?.view || (event.personal === null && !PUBLIC_CHANGES.includes(event.type))) return IGNORE;
  const change = changeOf(event);
  if (!change) return IGNORE;
  // A view fetched from identity after this change already includes it.
  if (Date.parse(change.updatedAt) < Date.parse(current.view.updatedAt)) {
    return { type: 'store', snapshot: { ...current, lastPosition: position } };
  }
  return { type: 'store', snapshot: { userId, view: { ...current.view, ...change }, lastPosition: position } };
}

function registeredView(
  event: PublishedEvent<DataOf<typeof UserRegistered>, PersonalOf<typeof UserRegistered>>,
): UserView | null {
  // Erased before it was published: the user is gone already.
  if (!event.personal) return null;
  const { data, personal } = event;
  return {
    id: data.userId,
    email: personal.email,
    name: personal.name,
    image: personal.image,
    emailVerified: data.emailVerified,
    username: personal.username ?? null,
    displayUsername: personal.displayUsername ?? null,
    role: data.role ?? DEFAULT_ROLE,
    banned: false,
    banReason: null,
    banExpires: null,
    twoFactorEnabled: false,
    createdAt: data.createdAt,
    updatedAt: data.createdAt,
  };
}

/** The fields an event sets, with identity's `updatedAt` for it (the same rule as identity's user view). */
function changeOf(event: PublishedEvent): (Partial<UserView> & { updatedAt: string }) | null {
  switch (event.type) {
    case UserUpdated.type: {
      const data = event.data as DataOf<typeof UserUpdated>;
      const personal = event.personal as PersonalOf<typeof UserUpdated>;
      return { ...pickProfile(personal), updatedAt: data.updatedAt };
    }
    case EmailVerified.type: {
      const data = event.data as DataOf<typeof EmailVerified>;
      return { emailVerified: true, updatedAt: data.verifiedAt };
    }
    case UserRoleChanged.type: {
      const data = event.data as DataOf<typeof UserRoleChanged>;
      return { role: data.role, updatedAt: data.changedAt };
    }
    case UserBanned.type: {
      const { banReason, banExpires, bannedAt } = event.data as DataOf<typeof UserBanned>;
      return { banned: true, banReason, banExpires, updatedAt: bannedAt };
    }
    case UserUnbanned.type: {
      const data = event.data as DataOf<typeof UserUnbanned>;
      return { banned: false, banReason: null, banExpires: null, updatedAt: data.unbannedAt };
    }
    case TwoFactorEnabled.type: {
      const data = event.data as DataOf<typeof TwoFactorEnabled>;
      return { twoFactorEnabled: true, updatedAt: data.enabledAt };
    }
    case TwoFactorDisabled.type: {
      const data = event.data as DataOf<typeof TwoFactorDisabled>;
      return { twoFactorEnabled: false, updatedAt: data.disabledAt };
    }
    case EmailChanged.type: {
      const data = event.data as DataOf<typeof EmailChanged>;
      const { email } = event.personal as PersonalOf<typeof EmailChanged>;
      return { email, emailVerified: data.emailVerified ?? true, updatedAt: data.changedAt };
    }
    default:
      return null;
  }
}

/** Only the profile fields an update may carry; anything else in the event is not ours to copy. */
function pickProfile(personal: PersonalOf<typeof UserUpdated>): Partial<UserView> {
  const picked: { -readonly [K in keyof UserView]?: UserView[K] } = {};
  if (personal.name !== undefined) picked.name = personal.name;
  if (personal.image !== undefined) picked.image = personal.image;
  if (personal.username !== undefined) picked.username = personal.username;
  if (personal.displayUsername !== undefined) picked.displayUsername = personal.displayUsername;
  return picked;
}
