import type { UserView, VerifyPasswordRequest } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class VerifyPasswordQuery extends Query<UserView> {
  constructor(readonly request: VerifyPasswordRequest) {
    super();
  }
}
