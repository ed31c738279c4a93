import 'reflect-metadata';
import {
  IDENTITY_EVENTS_STREAM,
  IDENTITY_MAIL_SUBJECTS,
  MAILER_IDENTITY_CONSUMER,
  MAILER_IDENTITY_EVENTS_CONSUMER,
  MAILER_QUEUE,
  UserDeleted,
} from '@authsvc/contracts';
import { DurableConsumer, runService, ServiceRuntime, startNatsMicroservice } from '@authsvc/platform';
import { loadMailerConfig } from './mailer.config.js';
import { MailerModule } from './mailer.module.js';
import { forgetDeletedUser } from './mail/forget-deleted-user.js';
import { MailEntity } from './mail/mail.entity.js';
import { MailInbox } from './mail/mail-inbox.js';
import { MailSender } from './mail/mail-sender.js';
import { devMailboxTransport, smtpTransport } from './mail/mail-transport.js';
import { InitialMailerSchema1763800000000 } from './migrations/1763800000000-initial-mailer-schema.js';
import { ForgottenUsers1764200000000 } from './migrations/1764200000000-forgotten-users.js';
import { MailFunctions1764300000000 } from './migrations/1764300000000-mail-functions.js';

await runService('mailer', async () => {
  const config = loadMailerConfig(process.env);
  const runtime = await ServiceRuntime.start({
    service: 'mailer',
    config,
    entities: [MailEntity],
    migrations: [InitialMailerSchema1763800000000, ForgottenUsers1764200000000, MailFunctions1764300000000],
    projections: [],
  });
  const transport = config.SMTP_URL ? smtpTransport(config.SMTP_URL, config.MAIL_FROM) : devMailboxTransport;
  const sender = new MailSender(runtime.dataSource, transport, runtime.logger);
  const inbox = new MailInbox(runtime.dataSource, () => sender.nudge());
  const consumer = new DurableConsumer({
    nc: runtime.nc,
    stream: IDENTITY_EVENTS_STREAM,
    durableName: MAILER_IDENTITY_CONSUMER,
    filterSubject: IDENTITY_MAIL_SUBJECTS,
    logger: runtime.logger,
    handle: (event) => inbox.accept(event),
  });
  const identityFacts = new DurableConsumer({
    nc: runtime.nc,
    stream: IDENTITY_EVENTS_STREAM,
    durableName: MAILER_IDENTITY_EVENTS_CONSUMER,
    filterSubject: UserDeleted.subject,
    logger: runtime.logger,
    handle: (event) => forgetDeletedUser(event, runtime.dataSource),
  });
  sender.start();
  consumer.start();
  identityFacts.start();
  const app = await startNatsMicroservice(
    MailerModule.forRuntime(runtime, config),
    config.NATS_URL,
    MAILER_QUEUE,
    runtime.logger,
  );
  runtime.logger.log(`mailer ready, delivering to ${transport.description}`);
  return async () => {
    await app.close();
    await consumer.stop();
    await identityFacts.stop();
    await sender.stop();
    await runtime.close();
  };
});
