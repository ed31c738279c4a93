import type { SessionView } from '@authsvc/contracts';
import { EventStore, randomString } from '@authsvc/platform';
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { SESSION_CONFIG, type SessionConfig } from '../../session.config.js';
import { UserViews } from '../../user-snapshot/user-views.js';
import { SessionCache } from '../session-cache.js';
import { SessionEntity } from '../session.entity.js';
import { toSessionView } from '../session-view.mapper.js';
import { decideSession, initialSessionState, sessionStreamId } from '../session.decider.js';
import { CreateSessionCommand } from './create-session.command.js';

@CommandHandler(CreateSessionCommand)
export class CreateSessionHandler implements ICommandHandler<CreateSessionCommand, SessionView> {
  private readonly logger = new Logger(CreateSessionHandler.name);

  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
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
        userId: request.userId,
        ipAddress: request.ipAddress,
        userAgent: request.userAgent,
        rememberMe: request.rememberMe,
        lifetimeSeconds: this.config.SESSION_EXPIRES_IN,
        now,
      },
      initialSessionState,
    );
    await this.store.append({
      streamId: sessionStreamId(sessionId),
      expectedVersion: 0,
      events,
      context: { correlationId: request.correlationId, actorId: request.userId, now },
    });
    const session = toSessionView(
      await this.dataSource.getRepository(SessionEntity).findOneByOrFail({ id: sessionId }),
    );
    await this.cacheWithUser(session, request.correlationId, now);
    return session;
  }

  /**
   * Puts the new session in the cache with its user as identity has it right now: a session often starts
   * right after a change identity's events have not brought yet (sign-up, the verifying click). Without an
   * answer from identity the session still starts; its first get-session fills the cache.
   */
  private async cacheWithUser(session: SessionView, correlationId: string, now: Date): Promise<void> {
    try {
      const { user, userVersion } = await this.users.read(session.userId, correlationId, { fresh: true });
      if (user) await this.cache.put({ session, user, userVersion }, now);
    } catch (error) {
      this.logger.warn(`session ${session.id} started without its user cached: ${(error as Error).message}`);
    }
  }
}
