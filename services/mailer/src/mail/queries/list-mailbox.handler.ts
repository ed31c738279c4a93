import type { MailView } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { DomainError, RequestErrors } from '@authsvc/errors';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MAILER_CONFIG, type MailerConfig } from '../../mailer.config.js';
import { MailEntity } from '../mail.entity.js';

export class ListMailboxQuery extends Query<MailView[]> {
  constructor(readonly limit: number) {
    super();
  }
}

/** The development mailbox: newest mails first. It exists only where DEV_MAILBOX_ENABLED turns it on. */
@QueryHandler(ListMailboxQuery)
export class ListMailboxHandler implements IQueryHandler<ListMailboxQuery, MailView[]> {
  constructor(
    private readonly dataSource: DataSource,
    @Inject(MAILER_CONFIG) private readonly config: MailerConfig,
  ) {}

  async execute({ limit }: ListMailboxQuery): Promise<MailView[]> {
    if (!this.config.DEV_MAILBOX_ENABLED) throw new DomainError(RequestErrors.NOT_FOUND);
    const mails = await this.dataSource.getRepository(MailEntity).find({ order: { createdAt: 'DESC' }, take: limit });
    return mails.map((mail) => ({
      id: mail.id,
      sourceEventId: mail.sourceEventId,
      kind: mail.kind,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      status: mail.status,
      attempts: mail.attempts,
      createdAt: mail.createdAt.toISOString(),
      sentAt: mail.sentAt?.toISOString() ?? null,
      linkExpiresAt: mail.linkExpiresAt?.toISOString() ?? null,
      redactedAt: mail.redactedAt?.toISOString() ?? null,
    }));
  }
}
