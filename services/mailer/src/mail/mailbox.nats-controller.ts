import { ListMailboxRequest, MailerRpc, type MailView } from '@authsvc/contracts';
import { Controller } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { ListMailboxQuery } from './queries/list-mailbox.handler.js';

const DEFAULT_LIMIT = 100;

@Controller()
export class MailboxNatsController {
  constructor(private readonly queries: QueryBus) {}

  @MessagePattern(MailerRpc.listMailbox.subject)
  list(@Payload() request: ListMailboxRequest): Promise<MailView[]> {
    return this.queries.execute(new ListMailboxQuery(request.limit ?? DEFAULT_LIMIT));
  }
}
