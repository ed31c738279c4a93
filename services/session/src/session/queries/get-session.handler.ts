import type { GetSessionRequest, SessionReadModel } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { UserViews } from '../../user-snapshot/user-views.js';
import { SessionReader } from '../session-reader.js';

export class GetSessionQuery extends Query<SessionReadModel | null> {
  constructor(readonly request: GetSessionRequest) {
    super();
  }
}

/**
 * The gateway's miss path: the session's read model, rebuilt if Redis lost it. It records nothing: an expired
 * session is answered as stored, and the caller expires or refreshes it with the matching command.
 */
@QueryHandler(GetSessionQuery)
export class GetSessionHandler implements IQueryHandler<GetSessionQuery, SessionReadModel | null> {
  constructor(
    private readonly sessions: SessionReader,
    private readonly users: UserViews,
  ) {}

  async execute({ request }: GetSessionQuery): Promise<SessionReadModel | null> {
    const { token, correlationId } = request;
    const now = new Date();
    const entry = request.missedInRedis
      ? await this.sessions.rebuild(token, correlationId, now)
      : await this.sessions.find(token, correlationId, now);
    if (!entry) return null;
    if (request.userMayChange) await this.users.expectChange(entry.session.userId);
    return entry;
  }
}
