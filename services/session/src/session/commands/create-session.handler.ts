import type { SessionView } from '@authsvc/contracts';
import { EventStore, randomString } from '@authsvc/platform';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { SESSION_CONFIG, type SessionConfig } from '../../session.config.js';
import { SessionCache } from '../session-cache.js';
import { SessionEntity } from '../session.entity.js';
import { toSessionView } from '../session-view.mapper.js';
import { decideSession, initialSessionState, sessionStreamId } from '../session.decider.js';
import { CreateSessionCommand } from './create-session.command.js';

@CommandHandler(CreateSessionCommand)
export class CreateSessionHandler implements ICommandHandler<CreateSessionCommand, SessionView> {
  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    private readonly cache: SessionCache,
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
    await this.cache.put(session, now);
    return session;
  }
}
