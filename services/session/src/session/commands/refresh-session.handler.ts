import { type SessionAndUser, type SessionTokenRequest, sessionUse } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { SESSION_CONFIG, type SessionConfig } from '../../session.config.js';
import { SessionCache } from '../session-cache.js';
import { SessionReader } from '../session-reader.js';
import { SessionStream } from '../session-stream.js';
import { toSessionView } from '../session-view.mapper.js';

export class RefreshSessionCommand extends Command<SessionAndUser | null> {
  constructor(readonly request: SessionTokenRequest) {
    super();
  }
}

/**
 * Extends a session whose refresh is due by its lifetime from now. Two gateways may ask at once: a session that is
 * no longer due is answered as it is, so only one extension is recorded. The Redis entry keeps the user it had (and
 * is refused if that user changed meanwhile).
 */
@CommandHandler(RefreshSessionCommand)
export class RefreshSessionHandler implements ICommandHandler<RefreshSessionCommand, SessionAndUser | null> {
  constructor(
    private readonly sessions: SessionReader,
    private readonly stream: SessionStream,
    private readonly cache: SessionCache,
    @Inject(SESSION_CONFIG) private readonly config: SessionConfig,
  ) {}

  async execute({ request }: RefreshSessionCommand): Promise<SessionAndUser | null> {
    const now = new Date();
    const current = await this.sessions.find(request.token, request.correlationId, now);
    const use = current && sessionUse(current, now, true);
    if (!current || use === 'expire') return null;
    const { user, userVersion } = current;
    if (use === 'serve') return { session: current.session, user };
    const command = {
      type: 'RefreshSession',
      lifetimeSeconds: this.config.SESSION_EXPIRES_IN,
      absoluteLifetimeSeconds: this.config.SESSION_ABSOLUTE_LIFETIME,
      now,
    } as const;
    const { changed, row, version } = await this.stream.apply(current.session.id, command, {
      correlationId: request.correlationId,
    });
    if (!changed || !row) return null;
    const session = toSessionView(row);
    await this.cache.put({ session, user, userVersion }, version, now);
    return { session, user };
  }
}
