import {
  PasswordChanged,
  UserBanned,
  UserDeleted,
  UserRoleChanged,
  UnverifiedAccountClaimed,
  type DataOf,
  type PublishedEvent,
} from '@authsvc/contracts';
import type { EventStore } from '@authsvc/platform';
import type { CommandBus } from '@nestjs/cqrs';
import type { UserViews } from '../user-snapshot/user-views.js';
import { EndImpersonationsCommand } from './commands/end-impersonations.handler.js';
import { RevokeUserSessionsCommand } from './commands/revoke-user-sessions.handler.js';
import { roleKeepsImpersonation } from './impersonation-right.js';

/**
 * What the session service does when identity facts arrive (at least once: every reaction is idempotent).
 * Every user event updates the user snapshot that get-session answers from. A password change that signs out
 * everywhere ends the sessions started before it, not the one the change itself may have started, and so does
 * an unverified account claimed by a mailed link or code (the claim's own session is younger). A deleted
 * user loses every session and the personal data of their session events (client addresses and agents)
 * becomes unreadable. A banned user loses the sessions started before the ban (the admin's request ended them
 * already unless it failed halfway; later ones start only once the ban is lifted); banned or deleted, the
 * impersonations they hold as an admin end with their sessions, and so do they when a role change leaves them
 * without the impersonate right (the request of the change ended them already unless it failed halfway).
 */
export async function reactToIdentityEvent(
  event: PublishedEvent,
  commands: CommandBus,
  store: EventStore,
  users: UserViews,
): Promise<void> {
  // A reaction finishes its event's act: the sessions it ends are the doing of that event's actor (the admin of a
  // ban), whether the reaction or the actor's own request got to them first.
  const { correlationId } = event.metadata;
  const actorId = event.metadata.actorId ?? undefined;
  await users.apply(event);
  if (event.type === PasswordChanged.type) {
    const data = event.data as DataOf<typeof PasswordChanged>;
    if (!data.signOutEverywhere) return;
    await commands.execute(
      new RevokeUserSessionsCommand({ correlationId, actorId, userId: data.userId, createdBefore: data.changedAt }),
    );
  }
  if (event.type === UserRoleChanged.type) {
    const { userId, role } = event.data as DataOf<typeof UserRoleChanged>;
    if (!roleKeepsImpersonation({ id: userId, role, banned: false, banExpires: null }, new Date())) {
      await commands.execute(new EndImpersonationsCommand({ correlationId, adminId: userId }));
    }
  }
  if (event.type === UserBanned.type) {
    const { userId, bannedAt } = event.data as DataOf<typeof UserBanned>;
    await commands.execute(new RevokeUserSessionsCommand({ correlationId, actorId, userId, createdBefore: bannedAt }));
  }
  if (event.type === UnverifiedAccountClaimed.type) {
    const { userId, claimedAt } = event.data as DataOf<typeof UnverifiedAccountClaimed>;
    await commands.execute(new RevokeUserSessionsCommand({ correlationId, actorId, userId, createdBefore: claimedAt }));
  }
  if (event.type === UserDeleted.type) {
    const { userId } = event.data as DataOf<typeof UserDeleted>;
    await commands.execute(new RevokeUserSessionsCommand({ correlationId, actorId, userId }));
    await store.erasePersonalData(userId);
  }
}
