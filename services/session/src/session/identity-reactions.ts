import { PasswordChanged, type DataOf, type PublishedEvent } from '@authsvc/contracts';
import type { CommandBus } from '@nestjs/cqrs';
import { RevokeUserSessionsCommand } from './commands/revoke-user-sessions.command.js';

/**
 * What the session service does when identity facts arrive (at least once: every reaction is idempotent).
 * A password change that signs out everywhere ends the sessions started before it, not the one the
 * change itself may have started.
 */
export async function reactToIdentityEvent(event: PublishedEvent, commands: CommandBus): Promise<void> {
  if (event.type !== PasswordChanged.type) return;
  const data = event.data as DataOf<typeof PasswordChanged>;
  if (!data.signOutEverywhere) return;
  await commands.execute(
    new RevokeUserSessionsCommand({
      correlationId: event.metadata.correlationId,
      userId: data.userId,
      createdBefore: data.changedAt,
    }),
  );
}
