import { randomUUID } from 'node:crypto';
import type { PublishedEvent } from '@authsvc/contracts';
import { preparedQuery } from '@authsvc/platform';
import type { DataSource } from 'typeorm';
import { renderMailFor } from './mail-requests.js';

/**
 * Turns a mail-request event into a stored mail. Idempotent by the event id (unique source_event_id),
 * so a redelivered event never produces a second mail; nothing is stored for a user already forgotten.
 */
export class MailInbox {
  constructor(
    private readonly dataSource: DataSource,
    private readonly onStored: () => void,
  ) {}

  async accept(event: PublishedEvent): Promise<void> {
    const rendered = renderMailFor(event);
    if (!rendered) return;
    const { mail, userId } = rendered;
    // Stored unless the user was forgotten, under the user's mail lock (see `mailer.store_mail`'s migration).
    await preparedQuery(this.dataSource.manager, 'SELECT mailer.store_mail($1, $2, $3, $4, $5, $6, $7, $8)', [
      randomUUID(),
      event.metadata.eventId,
      userId,
      mail.to,
      mail.subject,
      mail.text,
      mail.html,
      new Date(),
    ]);
    this.onStored();
  }
}
