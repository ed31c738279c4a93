import type { RevokeUserSessionsRequest } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SessionEndings } from '../session-endings.js';

export class RevokeUserSessionsCommand extends Command<{ revoked: number }> {
  constructor(readonly request: RevokeUserSessionsRequest) {
    super();
  }
}

/** Revokes a user's live sessions: all of them, all but the caller's, or those older than a password change. */
@CommandHandler(RevokeUserSessionsCommand)
export class RevokeUserSessionsHandler implements ICommandHandler<RevokeUserSessionsCommand, { revoked: number }> {
  constructor(private readonly endings: SessionEndings) {}

  async execute({ request }: RevokeUserSessionsCommand): Promise<{ revoked: number }> {
    return { revoked: await this.endings.endUserSessions(request) };
  }
}
