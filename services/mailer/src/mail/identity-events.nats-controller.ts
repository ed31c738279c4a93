import { MailerConsumers, type PublishedEvent } from '@authsvc/contracts';
import { JetStreamConsumer } from '@authsvc/platform';
import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { forgetDeletedUser } from './forget-deleted-user.js';
import { MailInbox } from './mail-inbox.js';

/** Identity's facts the mailer acts on: the mails it asks for, and the users whose mails must go. */
@Controller()
export class IdentityEventsNatsController {
  constructor(
    private readonly inbox: MailInbox,
    private readonly dataSource: DataSource,
  ) {}

  @JetStreamConsumer(MailerConsumers.identityMail)
  mailRequested(event: PublishedEvent): Promise<void> {
    return this.inbox.accept(event);
  }

  @JetStreamConsumer(MailerConsumers.identityEvents)
  userDeleted(event: PublishedEvent): Promise<void> {
    return forgetDeletedUser(event, this.dataSource);
  }
}
