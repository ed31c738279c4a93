import type { ServiceRuntime } from '@authsvc/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { MAILER_CONFIG, type MailerConfig } from './mailer.config.js';
import { MailboxNatsController } from './mail/mailbox.nats-controller.js';
import { ListMailboxHandler } from './mail/queries/list-mailbox.handler.js';

@Module({})
export class MailerModule {
  static forRuntime(runtime: ServiceRuntime, config: MailerConfig): DynamicModule {
    return {
      module: MailerModule,
      imports: [CqrsModule.forRoot()],
      controllers: [MailboxNatsController],
      providers: [
        { provide: MAILER_CONFIG, useValue: config },
        { provide: DataSource, useValue: runtime.dataSource },
        ListMailboxHandler,
      ],
    };
  }
}
