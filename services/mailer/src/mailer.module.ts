import type { PublishedEvent } from '@authsvc/contracts';
import type { ServiceRuntime } from '@authsvc/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { MAILER_CONFIG, type MailerConfig } from './mailer.config.js';
import { IdentityEventsNatsController } from './mail/identity-events.nats-controller.js';
import { renderInvitationMail } from './mail/invitation-mails.js';
import { LegacyMailRequests } from './mail/legacy-mail-requests.js';
import { MailInbox } from './mail/mail-inbox.js';
import { MailRedaction } from './mail/mail-redaction.js';
import { renderMailFor } from './mail/mail-requests.js';
import { renderPasswordlessMail } from './mail/passwordless-mails.js';
import { MailSender } from './mail/mail-sender.js';
import type { MailTransport } from './mail/mail-transport.js';
import { MailboxNatsController } from './mail/mailbox.nats-controller.js';
import { OrganizationEventsNatsController } from './mail/organization-events.nats-controller.js';
import { ListMailboxHandler } from './mail/queries/list-mailbox.handler.js';

@Module({})
export class MailerModule {
  static forRuntime(runtime: ServiceRuntime, config: MailerConfig, transport: MailTransport): DynamicModule {
    // Links stay only where the development mailbox shows them.
    const redaction = new MailRedaction(!config.DEV_MAILBOX_ENABLED);
    const sender = new MailSender(runtime.dataSource, transport, redaction, runtime.logger);
    // One renderer for identity's mail requests and the organization's invitations: it goes by the event type.
    const render = (event: PublishedEvent) =>
      renderMailFor(event) ?? renderPasswordlessMail(event) ?? renderInvitationMail(event, config.BASE_URL);
    const inbox = new MailInbox(runtime.dataSource, render, () => sender.nudge());
    return {
      module: MailerModule,
      imports: [CqrsModule.forRoot()],
      controllers: [MailboxNatsController, IdentityEventsNatsController, OrganizationEventsNatsController],
      providers: [
        { provide: MAILER_CONFIG, useValue: config },
        { provide: DataSource, useValue: runtime.dataSource },
        { provide: MailSender, useValue: sender },
        { provide: MailInbox, useValue: inbox },
        { provide: LegacyMailRequests, useValue: new LegacyMailRequests(runtime.nc, inbox, runtime.logger) },
        ListMailboxHandler,
      ],
    };
  }
}
