import { REVOKED_SESSION, sessionUse, type SessionAndUser, type SessionReadModel } from '@authsvc/contracts';
import { DomainError, RequestErrors } from '@authsvc/errors';
import { Injectable } from '@nestjs/common';
import { UserViews, type UserReading } from '../user-snapshot/user-views.js';
import { SessionCache } from './session-cache.js';
import { SessionReader } from './session-reader.js';
import { toSessionView } from './session-view.mapper.js';
import { SessionStream } from './session-stream.js';
import type { SetActiveOrganization } from './session.decider.js';

/** An active organization and team to record, and the condition a reaction to an ended membership sets. */
export type ActiveOrganizationChoice = Omit<SetActiveOrganization, 'type' | 'now'>;

/**
 * Records a session's active organization and team. The Redis entry is dropped before the change is recorded (a
 * crash in between cannot leave the previous choice served), then written from the row the append made, at the
 * stream version it made (an entry of an earlier version, from a racing rebuild or change, is refused once it is
 * written, and cannot overwrite it). An unreachable Redis fails the call instead of answering while an entry may
 * still show the previous choice; doing it again repairs the entry.
 */
@Injectable()
export class ActiveOrganizationRecorder {
  constructor(
    private readonly stream: SessionStream,
    private readonly cache: SessionCache,
    private readonly reader: SessionReader,
    private readonly users: UserViews,
  ) {}

  /**
   * For the session whose token this is; the session with its user as it now stands, undefined for an unknown,
   * ended or expired session. The entry it drops tells the session and its user, which the new entry keeps, as a
   * refresh does; only a miss reads them from Postgres.
   */
  async setByToken(
    token: string,
    choice: ActiveOrganizationChoice,
    correlationId: string,
    now: Date,
  ): Promise<SessionAndUser | undefined> {
    const held = await this.retire(token);
    if (held === REVOKED_SESSION) return undefined;
    const current = held ?? (await this.reader.rebuild(token, correlationId, now));
    if (!current || sessionUse(current, now, false) === 'expire') return undefined;
    return this.record(current.session, choice, correlationId, now, current);
  }

  /** For a session known by its row; the session with its user as it now stands, undefined once it ended or expired. */
  async set(
    session: { id: string; token: string; userId: string },
    choice: ActiveOrganizationChoice,
    correlationId: string,
    now: Date,
  ): Promise<SessionAndUser | undefined> {
    await this.retire(session.token);
    return this.record(session, choice, correlationId, now);
  }

  private async record(
    session: { id: string; userId: string },
    choice: ActiveOrganizationChoice,
    correlationId: string,
    now: Date,
    known?: UserReading,
  ): Promise<SessionAndUser | undefined> {
    const [{ row, version }, { user, userVersion }] = await Promise.all([
      this.stream.apply(session.id, { type: 'SetActiveOrganization', ...choice, now }, { correlationId }),
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
}
