import { MailerConsumers, type PublishedEvent } from '@authsvc/contracts';
import { JetStreamConsumer } from '@authsvc/platform';
import { Controller } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { forgetDeletedOrganization } from './forget-deleted-organization.js';
import { MailInbox } from './mail-inbox.js';

/** The organization service's facts the mailer acts on: the invitations to mail, and the organizations whose mails must go. */
@Controller()
export class OrganizationEventsNatsController {
  constructor(
    private readonly inbox: MailInbox,
    private readonly dataSource: DataSource,
  ) {}

  @JetStreamConsumer(MailerConsumers.organizationInvitations)
  invitationChanged(event: PublishedEvent): Promise<void> {
    return this.inbox.accept(event);
  }

  @JetStreamConsumer(MailerConsumers.organizationEvents)
  organizationDeleted(event: PublishedEvent): Promise<void> {
    return forgetDeletedOrganization(event, this.dataSource);
  }
}
