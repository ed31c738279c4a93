import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SessionWriter } from './session-writer.js';
import { RevokeUserSessionsCommand } from './revoke-user-sessions.command.js';

/** Revokes a user's live sessions: all of them, all but the caller's, or those older than a password change. */
@CommandHandler(RevokeUserSessionsCommand)
export class RevokeUserSessionsHandler implements ICommandHandler<RevokeUserSessionsCommand, { revoked: number }> {
  constructor(private readonly writer: SessionWriter) {}

  async execute({ request }: RevokeUserSessionsCommand): Promise<{ revoked: number }> {
    return { revoked: await this.writer.endUserSessions(request) };
  }
}
