import type { CurrentSessionReply, GetSessionRequest } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class GetSessionQuery extends Query<CurrentSessionReply | null> {
  constructor(readonly request: GetSessionRequest) {
    super();
  }
}
