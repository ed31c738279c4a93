import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SessionEndings } from '../session-endings.js';
import { RevokeUserSessionsCommand } from './revoke-user-sessions.command.js';

/** Revokes a user's live sessions: all of them, all but the caller's, or those older than a password change. */
@CommandHandler(RevokeUserSessionsCommand)
export class RevokeUserSessionsHandler implements ICommandHandler<RevokeUserSessionsCommand, { revoked: number }> {
  constructor(private readonly endings: SessionEndings) {}

  async execute({ request }: RevokeUserSessionsCommand): Promise<{ revoked: number }> {
    return { revoked: await this.endings.endUserSessions(request) };
  }
}
