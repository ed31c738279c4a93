import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource, LessThan, MoreThan } from 'typeorm';
import { SessionEntity } from '../session.entity.js';
import { SessionWriter } from './session-writer.js';
import { RevokeUserSessionsCommand } from './revoke-user-sessions.command.js';

/** Revokes a user's live sessions: all of them, all but the caller's, or those older than a password change. */
@CommandHandler(RevokeUserSessionsCommand)
export class RevokeUserSessionsHandler implements ICommandHandler<RevokeUserSessionsCommand, { revoked: number }> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly writer: SessionWriter,
  ) {}

  async execute({ request }: RevokeUserSessionsCommand): Promise<{ revoked: number }> {
    const sessions = await this.dataSource.getRepository(SessionEntity).findBy({
      userId: request.userId,
      expiresAt: MoreThan(new Date()),
      ...(request.createdBefore ? { createdAt: LessThan(new Date(request.createdBefore)) } : {}),
    });
    let revoked = 0;
    for (const session of sessions) {
      if (session.token === request.exceptToken) continue;
      if (await this.writer.end(session, 'revoked', request.correlationId)) revoked += 1;
    }
    return { revoked };
  }
}
