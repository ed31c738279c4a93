import type {
  RevokeUserSessionsRequest,
  SessionAndUser,
  SessionEndReason,
  SessionView,
  TraceMetadata,
} from '@authsvc/contracts';
import { DomainError, RequestErrors } from '@authsvc/errors';
import { EventStore, findRow } from '@authsvc/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, LessThan, MoreThan } from 'typeorm';
import { SESSION_CONFIG, type SessionConfig } from '../../session.config.js';
import { UserViews, type UserReading } from '../../user-snapshot/user-views.js';
import { SessionCache, type SessionEntry } from '../session-cache.js';
import { SessionEntity } from '../session.entity.js';
import type { EndedMembership } from './clear-ended-membership.command.js';
import { toSessionView } from '../session-view.mapper.js';
import { sessionStateOf } from '../session-state.js';
import { decideSession, sessionStreamId, type SessionCommand, type SetActiveOrganization } from '../session.decider.js';

/** An active organization and team to record, and the condition a reaction to an ended membership sets. */
export type ActiveOrganizationChoice = Omit<SetActiveOrganization, 'type' | 'now'>;

type UserSessionSelection = Pick<
  RevokeUserSessionsRequest,
  'userId' | 'createdBefore' | 'exceptToken' | 'correlationId' | 'actorId'
>;

/**
 * Changes an existing session: reads its row with its stream's version, decides, appends (the Postgres read model
 * follows in the append's statement), and brings the published Redis read model in line before the caller answers.
 */
@Injectable()
export class SessionWriter {
  private readonly logger = new Logger(SessionWriter.name);

  constructor(
    private readonly store: EventStore,
    private readonly dataSource: DataSource,
    private readonly cache: SessionCache,
    private readonly users: UserViews,
    @Inject(SESSION_CONFIG) private readonly config: SessionConfig,
  ) {}

  /**
   * Ends a session (sign-out, expiry, revocation); false when it had already ended. The Redis entry is replaced
   * by the revoked marker first: gateways stop serving the session before the end is recorded, a crash between
   * the two cannot leave it served, and a rebuild racing the end finds the marker and writes nothing. The
   * trace's actor (the user, or an admin revoking the session) is recorded with the end.
   */
  async end(session: { id: string; token: string }, reason: SessionEndReason, trace: TraceMetadata): Promise<boolean> {
    if (!(await this.cache.revoke(session.token))) {
      this.logger.warn(`session ${session.id} ended while Redis was unreachable; its cache entry expires on its own`);
    }
    return this.apply(session.id, { type: 'EndSession', reason }, trace);
  }

  /**
   * Ends a user's live sessions (all, all but `exceptToken`, or those created before `createdBefore`), each as
   * `end` does; how many were ended by this call.
   */
  async endUserSessions(selection: UserSessionSelection): Promise<number> {
    const sessions = await this.dataSource.getRepository(SessionEntity).findBy({
      userId: selection.userId,
      expiresAt: MoreThan(new Date()),
      ...(selection.createdBefore ? { createdAt: LessThan(new Date(selection.createdBefore)) } : {}),
    });
    let ended = 0;
    for (const session of sessions) {
      if (session.token === selection.exceptToken) continue;
      if (await this.end(session, 'revoked', selection)) ended += 1;
    }
    return ended;
  }

  /**
   * Extends a session by its lifetime from now; the refreshed view, or undefined when it had ended. The Redis
   * entry keeps the user it had (and is refused if that user changed meanwhile).
   */
  async refresh(current: SessionEntry, correlationId: string, now: Date): Promise<SessionView | undefined> {
    const sessionId = current.session.id;
    const command = {
      type: 'RefreshSession',
      lifetimeSeconds: this.config.SESSION_EXPIRES_IN,
      absoluteLifetimeSeconds: this.config.SESSION_ABSOLUTE_LIFETIME,
      now,
    } as const;
    if (!(await this.apply(sessionId, command, { correlationId }))) return undefined;
    const generation = await this.cache.generation(current.session.token);
    const row = await findRow(this.dataSource.manager, SessionEntity, { id: sessionId });
    if (!row) return undefined;
    const session = toSessionView(row);
    await this.cache.put({ session, user: current.user, userVersion: current.userVersion }, generation, now);
    return session;
  }

  /**
   * Records the session's active organization and team; the session with its user as it now stands, undefined
   * once it ended or expired. The Redis entry is dropped before the change is recorded (a crash in between
   * cannot leave the previous choice served) and again after it (a rebuild that read the session before the
   * change cannot put it back), then written from the stored session. An unreachable Redis fails the call
   * instead of answering while an entry may still show the previous choice; doing it again repairs the entry.
   * The entry keeps the user of `known` (the caller's entry) when given, as a refresh does.
   */
  async setActive(
    session: { id: string; token: string; userId: string },
    choice: ActiveOrganizationChoice,
    correlationId: string,
    now: Date,
    known?: UserReading,
  ): Promise<SessionAndUser | undefined> {
    await this.retire(session.token);
    await this.apply(session.id, { type: 'SetActiveOrganization', ...choice, now }, { correlationId });
    const generation = await this.retire(session.token);
    // The row is read back after the generation moved on: a racing change of the same session recorded before
    // this point is in it, and one recorded after moves the generation on again, so that put refuses this row.
    const [row, { user, userVersion }] = await Promise.all([
      findRow(this.dataSource.manager, SessionEntity, { id: session.id }),
      known ?? this.users.read(session.userId, correlationId),
    ]);
    if (!row || row.expiresAt <= now || !user) return undefined;
    const model = await this.cache.put({ session: toSessionView(row), user, userVersion }, generation, now);
    return { session: model.session, user };
  }

  /**
   * A user's membership of an organization (or of one of its teams) ended: each of their live sessions that has
   * it active loses it (the team only, for a team), as `setActive` records it.
   */
  async clearEndedMembership(membership: EndedMembership): Promise<void> {
    const { userId, organizationId, teamId, endedAt, correlationId } = membership;
    const now = new Date();
    const sessions = await this.dataSource.getRepository(SessionEntity).findBy({
      userId,
      expiresAt: MoreThan(now),
      activeOrganizationId: organizationId,
      ...(teamId !== undefined ? { activeTeamId: teamId } : {}),
    });
    const choice: ActiveOrganizationChoice = {
      organizationId: teamId !== undefined ? organizationId : null,
      teamId: null,
      onlyIfActive: { organizationId, teamId, endedAt },
    };
    for (const session of sessions) await this.setActive(session, choice, correlationId, now);
  }

  private async retire(token: string): Promise<string> {
    const generation = await this.cache.retire(token);
    if (generation === undefined) throw new DomainError(RequestErrors.SERVICE_UNAVAILABLE);
    return generation;
  }

  /**
   * False when the command changed nothing (the session had already ended, say, by a racing revocation). Decided on
   * the session's row read with its stream's version: a session's stream grows with every refresh and change of
   * organization, and replaying it (decrypting its first event) on every change cost more than the change.
   */
  private async apply(sessionId: string, command: SessionCommand, trace: TraceMetadata): Promise<boolean> {
    const streamId = sessionStreamId(sessionId);
    const recorded = await this.store.executeOnVersionedState({
      streamId,
      load: async () => {
        const { version, row } = await this.store.rowAtVersion(streamId, SessionEntity, { id: sessionId });
        return { version, state: sessionStateOf(row, version) };
      },
      decide: (state) => decideSession(command, state),
      context: { correlationId: trace.correlationId, actorId: trace.actorId, now: new Date() },
    });
    return recorded.length > 0;
  }
}
