import 'reflect-metadata';
import { MAILER_QUEUE, MailerNatsAccess } from '@authsvc/contracts';
import { runService, ServiceRuntime, startNatsMicroservice } from '@authsvc/platform';
import { loadMailerConfig } from './mailer.config.js';
import { MailerModule } from './mailer.module.js';
import { MailEntity } from './mail/mail.entity.js';
import { devMailboxTransport, smtpTransport } from './mail/mail-transport.js';
import { InitialMailerSchema1763800000000 } from './migrations/1763800000000-initial-mailer-schema.js';
import { ForgottenUsers1764200000000 } from './migrations/1764200000000-forgotten-users.js';
import { MailFunctions1764300000000 } from './migrations/1764300000000-mail-functions.js';
import { MailRedaction1764400000000 } from './migrations/1764400000000-mail-redaction.js';
import { WrappedDataKeys1764600000000 } from './migrations/1764600000000-wrapped-data-keys.js';
import { OrganizationMails1764900000000 } from './migrations/1764900000000-organization-mails.js';
import { PersonalEventsIndex1765300000000 } from './migrations/1765300000000-personal-events-index.js';
import { AppliedCommands1765620000000 } from './migrations/1765620000000-applied-commands.js';

await runService('mailer', async () => {
  const config = loadMailerConfig(process.env);
  const runtime = await ServiceRuntime.start({
    service: 'mailer',
    config,
    entities: [MailEntity],
    migrations: [
      InitialMailerSchema1763800000000,
      ForgottenUsers1764200000000,
      MailFunctions1764300000000,
      MailRedaction1764400000000,
      WrappedDataKeys1764600000000,
      OrganizationMails1764900000000,
      PersonalEventsIndex1765300000000,
      AppliedCommands1765620000000,
    ],
    projections: [],
    nats: MailerNatsAccess,
  });
  const transport = config.SMTP_URL ? smtpTransport(config.SMTP_URL, config.MAIL_FROM) : devMailboxTransport;
  const service = await startNatsMicroservice(
    MailerModule.forRuntime(runtime, config, transport),
    runtime,
    MAILER_QUEUE,
  );
  runtime.logger.log(`mailer ready, delivering to ${transport.description}`);
  return {
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    close: async () => {
      await service.drain(config.SHUTDOWN_TIMEOUT_MS);
      await runtime.close();
    },
  };
});
