import {
  REVOKED_SESSION,
  sessionUse,
  type RevokeUserSessionsRequest,
  type SessionAndUser,
  type SessionEndReason,
  type SessionReadModel,
  type SessionView,
  type TraceMetadata,
} from '@authsvc/contracts';
import { DomainError, RequestErrors } from '@authsvc/errors';
import { EventStore, projectedRow, type RowAtVersion } from '@authsvc/platform';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, LessThan, MoreThan } from 'typeorm';
import { SESSION_CONFIG, type SessionConfig } from '../../session.config.js';
import { UserViews, type UserReading } from '../../user-snapshot/user-views.js';
import { sessionViewProjection } from '../projections/session-view.projection.js';
import { SessionCache, type SessionEntry } from '../session-cache.js';
import { SessionReader } from '../session-reader.js';
import { SessionEntity } from '../session.entity.js';
import type { EndedMembership } from './clear-ended-membership.command.js';
import { toSessionView } from '../session-view.mapper.js';
import { sessionStateOf } from '../session-state.js';
import { decideSession, sessionStreamId, type SessionCommand, type SetActiveOrganization } from '../session.decider.js';

/** An active organization and team to record, and the condition a reaction to an ended membership sets. */
export type ActiveOrganizationChoice = Omit<SetActiveOrganization, 'type' | 'now'>;

/** What a command did to a session: its row and stream version after it (as they were, when it changed nothing). */
interface SessionChange extends RowAtVersion<SessionEntity> {
  readonly changed: boolean;
}

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
    private readonly reader: SessionReader,
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
    return (await this.apply(session.id, { type: 'EndSession', reason }, trace)).changed;
  }

  /**
   * Ends a user's live sessions (all, all but `exceptToken`, or those created before `createdBefore`), each as
   * `end` does, and as many of the sessions in which they impersonate someone: an impersonation is the admin's
   * session as much as the user's, and must not outlive the admin's own (banned, removed, signed out everywhere).
   * How many were ended by this call.
   */
  async endUserSessions(selection: UserSessionSelection): Promise<number> {
    const live = {
      expiresAt: MoreThan(new Date()),
      ...(selection.createdBefore ? { createdAt: LessThan(new Date(selection.createdBefore)) } : {}),
    };
    const sessions = await this.dataSource.getRepository(SessionEntity).findBy([
      { userId: selection.userId, ...live },
      { impersonatedBy: selection.userId, ...live },
    ]);
    return this.endAll(
      sessions.filter((session) => session.token !== selection.exceptToken),
      selection,
    );
  }

  /** Ends every live session in which the admin impersonates someone (they lost the right); how many. */
  async endImpersonationsBy(adminId: string, trace: TraceMetadata): Promise<number> {
    const sessions = await this.dataSource
      .getRepository(SessionEntity)
      .findBy({ impersonatedBy: adminId, expiresAt: MoreThan(new Date()) });
    return this.endAll(sessions, trace);
  }

  private async endAll(sessions: readonly SessionEntity[], trace: TraceMetadata): Promise<number> {
    let ended = 0;
    for (const session of sessions) if (await this.end(session, 'revoked', trace)) ended += 1;
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
    const { changed, row, version } = await this.apply(sessionId, command, { correlationId });
    if (!changed || !row) return undefined;
    const session = toSessionView(row);
    await this.cache.put({ session, user: current.user, userVersion: current.userVersion }, version, now);
    return session;
  }

  /**
   * Records the active organization and team of the session whose token this is; the session with its user as it
   * now stands, undefined for an unknown, ended or expired session. The entry it drops (see `setActive`) tells the
   * session and its user, which the new entry keeps, as a refresh does; only a miss reads them from Postgres.
   */
  async setActiveByToken(
    token: string,
    choice: ActiveOrganizationChoice,
    correlationId: string,
    now: Date,
  ): Promise<SessionAndUser | undefined> {
    const held = await this.retire(token);
    if (held === REVOKED_SESSION) return undefined;
    const current = held ?? (await this.reader.rebuild(token, correlationId, now));
    if (!current || sessionUse(current, now, false) === 'expire') return undefined;
    return this.recordActive(current.session, choice, correlationId, now, current);
  }

  /**
   * Records the session's active organization and team; the session with its user as it now stands, undefined
   * once it ended or expired. The Redis entry is dropped before the change is recorded (a crash in between cannot
   * leave the previous choice served), then written from the row the append made, at the stream version it made
   * (an entry of an earlier version, from a racing rebuild or change, is refused once it is written, and cannot
   * overwrite it). An unreachable Redis fails the call instead of answering while an entry may still show the
   * previous choice; doing it again repairs the entry.
   */
  async setActive(
    session: { id: string; token: string; userId: string },
    choice: ActiveOrganizationChoice,
    correlationId: string,
    now: Date,
  ): Promise<SessionAndUser | undefined> {
    await this.retire(session.token);
    return this.recordActive(session, choice, correlationId, now);
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

  private async recordActive(
    session: { id: string; userId: string },
    choice: ActiveOrganizationChoice,
    correlationId: string,
    now: Date,
    known?: UserReading,
  ): Promise<SessionAndUser | undefined> {
    const [{ row, version }, { user, userVersion }] = await Promise.all([
      this.apply(session.id, { type: 'SetActiveOrganization', ...choice, now }, { correlationId }),
      known ?? this.users.read(session.userId, correlationId),
    ]);
    if (!row || row.expiresAt <= now || !user) return undefined;
    const model = await this.cache.put({ session: toSessionView(row), user, userVersion }, version, now);
    return { session: model.session, user };
  }

  private retire(token: string): Promise<SessionReadModel | typeof REVOKED_SESSION | undefined> {
    return this.cache.retire(token).catch(() => {
      throw new DomainError(RequestErrors.SERVICE_UNAVAILABLE);
    });
  }

  /**
   * The row and version after the command; as they were when it changed nothing (the session had already ended,
   * say, by a racing revocation). The row after it is the one the append wrote, not read back. Decided on
   * the session's row read with its stream's version: a session's stream grows with every refresh and change of
   * organization, and replaying it (decrypting its first event) on every change cost more than the change.
   */
  private async apply(sessionId: string, command: SessionCommand, trace: TraceMetadata): Promise<SessionChange> {
    const streamId = sessionStreamId(sessionId);
    let before: RowAtVersion<SessionEntity> = { version: 0, row: null };
    const recorded = await this.store.executeOnVersionedState({
      streamId,
      load: async () => {
        before = await this.store.rowAtVersion(streamId, SessionEntity, { id: sessionId });
        return { version: before.version, state: sessionStateOf(before.row, before.version) };
      },
      decide: (state) => decideSession(command, state),
      context: { correlationId: trace.correlationId, actorId: trace.actorId, now: new Date() },
    });
    if (recorded.length === 0) return { changed: false, ...before };
    const row = projectedRow(sessionViewProjection, recorded, before.row);
    return { changed: true, row, version: recorded.at(-1)!.streamPosition };
  }
}
