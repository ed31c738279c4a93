import {
  IDENTITY_EVENTS_STREAM,
  IDENTITY_MAIL_STREAM,
  IDENTITY_MAIL_SUBJECTS,
  MAILER_IDENTITY_CONSUMER,
  MAILER_IDENTITY_EVENTS_CONSUMER,
  UserDeleted,
  type PublishedEvent,
} from '@authsvc/contracts';
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

  @JetStreamConsumer({
    stream: IDENTITY_MAIL_STREAM,
    durableName: MAILER_IDENTITY_CONSUMER,
    filterSubject: IDENTITY_MAIL_SUBJECTS,
  })
  mailRequested(event: PublishedEvent): Promise<void> {
    return this.inbox.accept(event);
  }

  @JetStreamConsumer({
    stream: IDENTITY_EVENTS_STREAM,
    durableName: MAILER_IDENTITY_EVENTS_CONSUMER,
    filterSubject: UserDeleted.subject,
  })
  userDeleted(event: PublishedEvent): Promise<void> {
    return forgetDeletedUser(event, this.dataSource);
  }
}
