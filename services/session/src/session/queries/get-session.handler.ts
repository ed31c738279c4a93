import type { CurrentSessionReply } from '@authsvc/contracts';
import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { SESSION_CONFIG, type SessionConfig } from '../../session.config.js';
import { SessionWriter } from '../commands/session-writer.js';
import { SessionCache } from '../session-cache.js';
import { SessionEntity } from '../session.entity.js';
import { toSessionView } from '../session-view.mapper.js';
import { isRefreshDue } from '../session.decider.js';
import { GetSessionQuery } from './get-session.query.js';

/**
 * The hot path of every request: one Redis GET while the cache is warm; after a miss one indexed
 * Postgres read, and the entry is put back. An expired session is ended and reads as absent; one past
 * its update age is extended, unless the caller disabled refresh (remember-me off, or asked to).
 */
@QueryHandler(GetSessionQuery)
export class GetSessionHandler implements IQueryHandler<GetSessionQuery, CurrentSessionReply | null> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly cache: SessionCache,
    private readonly writer: SessionWriter,
    @Inject(SESSION_CONFIG) private readonly config: SessionConfig,
  ) {}

  async execute({ request }: GetSessionQuery): Promise<CurrentSessionReply | null> {
    const now = new Date();
    let session = await this.cache.get(request.token);
    if (!session) {
      const stored = await this.dataSource.getRepository(SessionEntity).findOneBy({ token: request.token });
      if (!stored) return null;
      if (stored.expiresAt <= now) {
        await this.writer.end(stored, 'expired', request.correlationId);
        return null;
      }
      session = toSessionView(stored);
      await this.cache.put(session, now);
    }
    const expiresAt = new Date(session.expiresAt);
    if (expiresAt <= now) return null;
    const { SESSION_EXPIRES_IN, SESSION_UPDATE_AGE } = this.config;
    if (request.disableRefresh || !isRefreshDue(expiresAt, now, SESSION_EXPIRES_IN, SESSION_UPDATE_AGE)) {
      return { session, refreshed: false };
    }
    const refreshed = await this.writer.refresh(session.id, request.correlationId, now);
    return refreshed ? { session: refreshed, refreshed: true } : { session, refreshed: false };
  }
}
