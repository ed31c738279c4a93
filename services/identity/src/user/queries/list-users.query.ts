import type { ListUsersQuery as ListUsersParameters, UserPage } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class ListUsersQuery extends Query<UserPage> {
  constructor(readonly parameters: ListUsersParameters) {
    super();
  }
}
