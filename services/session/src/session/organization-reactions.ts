import { MemberRemoved, TeamMemberRemoved, type DataOf, type PublishedEvent } from '@authsvc/contracts';
import type { CommandBus } from '@nestjs/cqrs';
import { ClearEndedMembershipCommand } from './commands/clear-ended-membership.handler.js';

/**
 * What the session service does when organization facts arrive (at least once: every reaction is idempotent).
 * The organization service never writes sessions: when a membership ends (removed, left, the user or the
 * organization deleted), the sessions that have that organization active lose it; when a team membership ends,
 * those that have that team active lose the team. Every other organization event is of no concern here.
 */
export async function reactToOrganizationEvent(event: PublishedEvent, commands: CommandBus): Promise<void> {
  const correlationId = event.metadata.correlationId;
  if (event.type === MemberRemoved.type) {
    const { userId, organizationId, removedAt } = event.data as DataOf<typeof MemberRemoved>;
    await commands.execute(
      new ClearEndedMembershipCommand({ userId, organizationId, endedAt: new Date(removedAt), correlationId }),
    );
  }
  if (event.type === TeamMemberRemoved.type) {
    const { userId, organizationId, teamId, removedAt } = event.data as DataOf<typeof TeamMemberRemoved>;
    await commands.execute(
      new ClearEndedMembershipCommand({ userId, organizationId, teamId, endedAt: new Date(removedAt), correlationId }),
    );
  }
}
