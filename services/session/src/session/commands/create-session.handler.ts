import type { SessionView } from '@authsvc/contracts';
import { EventStore, projectedRow, randomString } from '@authsvc/platform';
import { Inject, Logger } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SESSION_CONFIG, type SessionConfig } from '../../session.config.js';
import { UserViews } from '../../user-snapshot/user-views.js';
import { SessionEntity } from '../session.entity.js';
import { sessionViewProjection } from '../projections/session-view.projection.js';
import { toSessionView } from '../session-view.mapper.js';
import { decideSession, initialSessionState, sessionStreamId } from '../session.decider.js';
import { SessionWriter } from './session-writer.js';
import { CreateSessionCommand } from './create-session.command.js';

@CommandHandler(CreateSessionCommand)
export class CreateSessionHandler implements ICommandHandler<CreateSessionCommand, SessionView> {
  private readonly logger = new Logger(CreateSessionHandler.name);

  constructor(
    private readonly store: EventStore,
    private readonly users: UserViews,
    private readonly writer: SessionWriter,
    @Inject(SESSION_CONFIG) private readonly config: SessionConfig,
  ) {}

  async execute({ request }: CreateSessionCommand): Promise<SessionView> {
    if (request.userChanged) await this.users.expectChange(request.user.id);
    if (request.endOtherSessions) {
      await this.writer.endUserSessions({ userId: request.user.id, correlationId: request.correlationId });
    }
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
        absoluteLifetimeSeconds: this.config.SESSION_ABSOLUTE_LIFETIME,
        userBan: request.user,
        now,
      },
      initialSessionState,
    );
    const recorded = await this.store.append({
      streamId: sessionStreamId(sessionId),
      expectedVersion: 0,
      events,
      context: { correlationId: request.correlationId, actorId: request.user.id, now },
      introducesSubject: request.newUser ? request.user.id : undefined,
    });
    const session = toSessionView(projectedRow(sessionViewProjection, recorded) as SessionEntity);
    await this.users.cacheNewSession(session, request.user, request.correlationId, now).catch((error: Error) => {
      // Without the cache the session still starts: its first get-session fills it.
      this.logger.warn(`session ${session.id} started without its user cached: ${error.message}`);
    });
    return session;
  }
}
