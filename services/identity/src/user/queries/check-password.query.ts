import type { CheckPasswordRequest } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class CheckPasswordQuery extends Query<{ status: true }> {
  constructor(readonly request: CheckPasswordRequest) {
    super();
  }
}
