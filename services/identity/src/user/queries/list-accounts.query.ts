import type { AccountView } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class ListAccountsQuery extends Query<AccountView[]> {
  constructor(readonly userId: string) {
    super();
  }
}
