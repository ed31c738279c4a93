import type { GetSessionRequest, SessionReadModel } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class GetSessionQuery extends Query<SessionReadModel | null> {
  constructor(readonly request: GetSessionRequest) {
    super();
  }
}
