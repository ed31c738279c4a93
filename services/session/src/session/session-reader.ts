import { REVOKED_SESSION, type SessionReadModel } from '@authsvc/contracts';
import { preparedQuery, selectedColumns, streamVersionExpression, withoutMarkers } from '@authsvc/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UserViews } from '../user-snapshot/user-views.js';
import { SessionCache } from './session-cache.js';
import { SessionEntity } from './session.entity.js';
import { toSessionView } from './session-view.mapper.js';
import { sessionStreamId } from './session-state.js';

/**
 * A session's read model by token: one Redis GET while the entry is there; after a miss, one indexed read of the
 * session with its stream's version and one of the user snapshot (identity is asked only when there is no snapshot
 * yet or a change may be in flight), and the entry is put back while the session lives, unless a later state of
 * the session was stored meanwhile. Undefined for an unknown, ended or just revoked token, and for the session of
 * a deleted user.
 */
@Injectable()
export class SessionReader {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: SessionCache,
    private readonly users: UserViews,
  ) {}

  async find(token: string, correlationId: string, now: Date): Promise<SessionReadModel | undefined> {
    const cached = await this.cache.get(token);
    if (cached === REVOKED_SESSION) return undefined;
    return cached ?? this.rebuild(token, correlationId, now);
  }

  /** Reads the session from Postgres and puts its entry back, whatever Redis holds. */
  async rebuild(token: string, correlationId: string, now: Date): Promise<SessionReadModel | undefined> {
    const stored = await this.storedAtVersion(token);
    if (!stored) return undefined;
    const { user, userVersion } = await this.users.read(stored.row.userId, correlationId);
    if (!user) return undefined;
    return this.cache.put({ session: toSessionView(stored.row), user, userVersion }, stored.version, now);
  }

  /** The session's row with its stream's version, read in one snapshot. */
  private async storedAtVersion(token: string): Promise<{ row: SessionEntity; version: number } | undefined> {
    const manager = this.dataSource.manager;
    const [read] = await preparedQuery<{ '#version': number } & SessionEntity>(
      manager,
      `SELECT ${streamVersionExpression('session', '$2 || r.id')} AS "#version",
              ${selectedColumns(manager, SessionEntity, 'r')}
         FROM session.sessions r WHERE r.token = $1`,
      [token, sessionStreamId('')],
    );
    if (!read) return undefined;
    return { row: Object.assign(new SessionEntity(), withoutMarkers(read)), version: read['#version'] };
  }
}
