import { sessionUse, type SessionAndUser } from '@authsvc/contracts';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SessionReader } from '../session-reader.js';
import { RefreshSessionCommand } from './refresh-session.command.js';
import { SessionWriter } from './session-writer.js';

/**
 * Extends a session whose refresh is due. Two gateways may ask at once: a session that is no longer due is
 * answered as it is, so only one extension is recorded.
 */
@CommandHandler(RefreshSessionCommand)
export class RefreshSessionHandler implements ICommandHandler<RefreshSessionCommand, SessionAndUser | null> {
  constructor(
    private readonly sessions: SessionReader,
    private readonly writer: SessionWriter,
  ) {}

  async execute({ request }: RefreshSessionCommand): Promise<SessionAndUser | null> {
    const now = new Date();
    const current = await this.sessions.find(request.token, request.correlationId, now);
    const use = current && sessionUse(current, now, true);
    if (!current || use === 'expire') return null;
    const { session, user } = current;
    if (use === 'serve') return { session, user };
    const refreshed = await this.writer.refresh(current, request.correlationId, now);
    return refreshed ? { session: refreshed, user } : null;
  }
}
