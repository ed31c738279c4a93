import type { MailView } from '@authsvc/contracts';
import { Query } from '@nestjs/cqrs';

export class ListMailboxQuery extends Query<MailView[]> {
  constructor(readonly limit: number) {
    super();
  }
}
