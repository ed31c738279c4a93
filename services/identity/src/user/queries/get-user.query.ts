import type { UserView } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class GetUserQuery extends Query<UserView | null> {
  constructor(readonly userId: string) {
    super();
  }
}
