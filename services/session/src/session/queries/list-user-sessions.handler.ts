import type { SessionView } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DataSource, MoreThan } from 'typeorm';
import { SessionEntity } from '../session.entity.js';
import { toSessionView } from '../session-view.mapper.js';

export class ListUserSessionsQuery extends Query<SessionView[]> {
  constructor(readonly userId: string) {
    super();
  }
}

/** A user's live sessions, oldest first, capped like every list of the reference (100). */
@QueryHandler(ListUserSessionsQuery)
export class ListUserSessionsHandler implements IQueryHandler<ListUserSessionsQuery, SessionView[]> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ userId }: ListUserSessionsQuery): Promise<SessionView[]> {
    const sessions = await this.dataSource.getRepository(SessionEntity).find({
      where: { userId, expiresAt: MoreThan(new Date()) },
      order: { createdAt: 'ASC' },
      take: 100,
    });
    return sessions.map(toSessionView);
  }
}
