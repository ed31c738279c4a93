import { REVOKED_SESSION, type SessionReadModel } from '@authsvc/contracts';
import { findRow } from '@authsvc/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UserViews } from '../user-snapshot/user-views.js';
import { SessionCache } from './session-cache.js';
import { SessionEntity } from './session.entity.js';
import { toSessionView } from './session-view.mapper.js';

/**
 * A session's read model by token: one Redis GET while the entry is there; after a miss, its generation, one
 * indexed read of the session and one of the user snapshot (identity is asked only when there is no snapshot yet
 * or a change may be in flight), and the entry is put back while the session lives, unless the session changed
 * meanwhile. Undefined for an unknown, ended or just revoked token, and for the session of a deleted user.
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

  private async rebuild(token: string, correlationId: string, now: Date): Promise<SessionReadModel | undefined> {
    const generation = await this.cache.generation(token);
    const stored = await findRow(this.dataSource.manager, SessionEntity, { token });
    if (!stored) return undefined;
    const { user, userVersion } = await this.users.read(stored.userId, correlationId);
    if (!user) return undefined;
    return this.cache.put({ session: toSessionView(stored), user, userVersion }, generation, now);
  }
}
