import type { CurrentSessionReply, GetSessionRequest } from '@authsvc/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { SESSION_CONFIG, type SessionConfig } from '../../session.config.js';
import { UserViews } from '../../user-snapshot/user-views.js';
import { SessionWriter } from '../commands/session-writer.js';
import { SessionCache, type SessionEntry } from '../session-cache.js';
import { SessionEntity } from '../session.entity.js';
import { toSessionView } from '../session-view.mapper.js';
import { isRefreshDue } from '../session.decider.js';
import { GetSessionQuery } from './get-session.query.js';

/**
 * The hot path of every request: one Redis GET answers session and user while the cache is warm. After a
 * miss, one indexed read of the session and one of the user snapshot (identity is asked only when there is
 * no snapshot yet or a change may be in flight), and the entry is put back. An expired session is ended
 * and reads as absent, as does the session of a deleted user; one past its update age is extended, unless
 * the caller disabled refresh (remember-me off, or asked to).
 */
@QueryHandler(GetSessionQuery)
export class GetSessionHandler implements IQueryHandler<GetSessionQuery, CurrentSessionReply | null> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: SessionCache,
    private readonly users: UserViews,
    private readonly writer: SessionWriter,
    @Inject(SESSION_CONFIG) private readonly config: SessionConfig,
  ) {}

  async execute({ request }: GetSessionQuery): Promise<CurrentSessionReply | null> {
    const now = new Date();
    const cached = await this.cache.get(request.token);
    if (cached === 'revoked') return null;
    const entry = cached ?? (await this.load(request, now));
    if (!entry) return null;
    const { session, user } = entry;
    const expiresAt = new Date(session.expiresAt);
    if (expiresAt <= now) return null;
    if (request.userMayChange) await this.users.expectChange(session.userId);
    const { SESSION_EXPIRES_IN, SESSION_UPDATE_AGE } = this.config;
    if (request.disableRefresh || !isRefreshDue(expiresAt, now, SESSION_EXPIRES_IN, SESSION_UPDATE_AGE)) {
      return { session, user, refreshed: false };
    }
    const refreshed = await this.writer.refresh(entry, request.correlationId, now);
    return refreshed ? { session: refreshed, user, refreshed: true } : { session, user, refreshed: false };
  }

  private async load(request: GetSessionRequest, now: Date): Promise<SessionEntry | undefined> {
    const stored = await this.dataSource.getRepository(SessionEntity).findOneBy({ token: request.token });
    if (!stored) return undefined;
    if (stored.expiresAt <= now) {
      await this.writer.end(stored, 'expired', request.correlationId);
      return undefined;
    }
    const { user, userVersion } = await this.users.read(stored.userId, request.correlationId);
    if (!user) return undefined;
    const entry = { session: toSessionView(stored), user, userVersion };
    await this.cache.put(entry, now);
    return entry;
  }
}
