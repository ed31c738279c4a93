import type { SessionView } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class ListUserSessionsQuery extends Query<SessionView[]> {
  constructor(readonly userId: string) {
    super();
  }
}
