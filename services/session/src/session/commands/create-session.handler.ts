import type { SessionView, UserView } from '@authsvc/contracts';
import { EventStore, projectedRow, randomString } from '@authsvc/platform';
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SESSION_CONFIG, type SessionConfig } from '../../session.config.js';
import { UserViews } from '../../user-snapshot/user-views.js';
import { SessionCache } from '../session-cache.js';
import { SessionEntity } from '../session.entity.js';
import { sessionViewProjection } from '../projections/session-view.projection.js';
import { toSessionView } from '../session-view.mapper.js';
import { decideSession, initialSessionState, sessionStreamId } from '../session.decider.js';
import { CreateSessionCommand } from './create-session.command.js';

@CommandHandler(CreateSessionCommand)
export class CreateSessionHandler implements ICommandHandler<CreateSessionCommand, SessionView> {
  private readonly logger = new Logger(CreateSessionHandler.name);

  constructor(
    private readonly store: EventStore,
    private readonly cache: SessionCache,
    private readonly users: UserViews,
    @Inject(SESSION_CONFIG) private readonly config: SessionConfig,
  ) {}

  async execute({ request }: CreateSessionCommand): Promise<SessionView> {
    const now = new Date();
    const sessionId = randomString();
    const events = decideSession(
      {
        type: 'CreateSession',
        sessionId,
        token: randomString(),
        userId: request.user.id,
        ipAddress: request.ipAddress,
        userAgent: request.userAgent,
        rememberMe: request.rememberMe,
        lifetimeSeconds: this.config.SESSION_EXPIRES_IN,
        now,
      },
      initialSessionState,
    );
    const recorded = await this.store.append({
      streamId: sessionStreamId(sessionId),
      expectedVersion: 0,
      events,
      context: { correlationId: request.correlationId, actorId: request.user.id, now },
    });
    const session = toSessionView(projectedRow(sessionViewProjection, recorded) as SessionEntity);
    await this.cacheWithUser(session, request.user, now);
    return session;
  }

  /** Without Redis the session still starts; its first get-session fills the cache. */
  private async cacheWithUser(session: SessionView, proven: UserView, now: Date): Promise<void> {
    try {
      const { user, userVersion } = await this.users.forNewSession(proven);
      if (user) await this.cache.put({ session, user, userVersion }, now);
    } catch (error) {
      this.logger.warn(`session ${session.id} started without its user cached: ${(error as Error).message}`);
    }
  }
}
