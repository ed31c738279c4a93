import type { CreateSessionRequest, SessionView, StartedSession, UserView } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { EventStore, projectedRow, randomString } from '@authsvc/platform';
import { Inject, Logger } from '@nestjs/common';
import { SESSION_CONFIG, type SessionConfig } from '../../session.config.js';
import { UserViews } from '../../user-snapshot/user-views.js';
import { NEW_SESSION_VERSION, SessionCache } from '../session-cache.js';
import { SessionEntity } from '../session.entity.js';
import { sessionViewProjection } from '../projections/session-view.projection.js';
import { toSessionView } from '../session-view.mapper.js';
import { decideSession } from '../session.decider.js';
import { initialSessionState, sessionStreamId } from '../session-state.js';
import { SessionEndings } from '../session-endings.js';

export class CreateSessionCommand extends Command<StartedSession> {
  /**
   * @param provenByIdentity the request came on the subject only identity may publish: its user view is identity's
   * own reading, not a caller's claim.
   */
  constructor(
    readonly request: CreateSessionRequest,
    readonly provenByIdentity = false,
  ) {
    super();
  }
}

/**
 * Starts a session for the user a proof named. The role and ban the session is decided on and carries, and the user
 * it answers with, are identity's: the view identity sent on the subject only it may publish, or else (the gateway's
 * requests) this service's copy of identity's users, or identity itself while a change may be in flight; of such a
 * caller's view only the id counts. So whoever else can send this request cannot start a session of a banned user,
 * or one that shows a role the user does not hold, and a sign-in costs no second reading of the user.
 */
@CommandHandler(CreateSessionCommand)
export class CreateSessionHandler implements ICommandHandler<CreateSessionCommand, StartedSession> {
  private readonly logger = new Logger(CreateSessionHandler.name);

  constructor(
    private readonly store: EventStore,
    private readonly users: UserViews,
    private readonly cache: SessionCache,
    private readonly endings: SessionEndings,
    @Inject(SESSION_CONFIG) private readonly config: SessionConfig,
  ) {}

  async execute({ request, provenByIdentity }: CreateSessionCommand): Promise<StartedSession> {
    const userId = request.user.id;
    if (request.userChanged) await this.users.expectChange(userId);
    const user = provenByIdentity ? request.user : (await this.users.read(userId, request.correlationId)).user;
    if (!user) throw new DomainError(AuthErrors.USER_NOT_FOUND);
    if (request.endOtherSessions) {
      await this.endings.endUserSessions({ userId, correlationId: request.correlationId });
    }
    const now = new Date();
    const sessionId = randomString();
    const events = decideSession(
      {
        type: 'CreateSession',
        sessionId,
        token: randomString(),
        userId,
        ipAddress: request.ipAddress,
        userAgent: request.userAgent,
        rememberMe: request.rememberMe,
        lifetimeSeconds: this.config.SESSION_EXPIRES_IN,
        absoluteLifetimeSeconds: this.config.SESSION_ABSOLUTE_LIFETIME,
        userBan: user,
        impersonation: request.impersonatedBy
          ? { adminId: request.impersonatedBy, lifetimeSeconds: this.config.IMPERSONATION_SESSION_DURATION }
          : undefined,
        now,
      },
      initialSessionState,
    );
    const recorded = await this.store.append({
      streamId: sessionStreamId(sessionId),
      expectedVersion: 0,
      events,
      // The impersonating admin, not the user, started an impersonation: the audit trail names them.
      context: { correlationId: request.correlationId, actorId: request.impersonatedBy ?? userId, now },
      introducesSubject: request.newUser ? userId : undefined,
    });
    const session = toSessionView(projectedRow(sessionViewProjection, recorded) as SessionEntity);
    await this.cacheNewSession(session, user, request.correlationId, now).catch((error: Error) => {
      // Without the cache the session still starts: its first get-session fills it.
      this.logger.warn(`session ${session.id} started without its user cached: ${error.message}`);
    });
    // Echoed so that an edge that cannot tell otherwise (a magic link's newUserCallbackURL) knows the sign-up.
    return request.newUser ? { session, user, newUser: true } : { session, user };
  }

  /**
   * Caches a new session with identity's view of the user from the proof that started it. Called once the
   * session is stored. A change of the user that overtook the proof either was applied already (its marker
   * refuses the view, and the user is read as on a miss), or moves the user version on, or finds the new
   * session's token when it drops the user's entries: the entry never keeps the older view.
   */
  private async cacheNewSession(
    session: SessionView,
    proven: UserView,
    correlationId: string,
    now: Date,
  ): Promise<void> {
    if ((await this.cache.putNewSession({ session, user: proven }, now)) !== 'user-changed') return;
    const { user, userVersion } = await this.users.read(proven.id, correlationId);
    if (user) await this.cache.put({ session, user, userVersion }, NEW_SESSION_VERSION, now);
  }
}
