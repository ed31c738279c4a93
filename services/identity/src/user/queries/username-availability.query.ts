import { Query } from '@nestjs/cqrs';

export class UsernameAvailabilityQuery extends Query<{ available: boolean }> {
  constructor(readonly username: string) {
    super();
  }
}
