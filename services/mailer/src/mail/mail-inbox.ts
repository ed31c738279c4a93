import { randomUUID } from 'node:crypto';
import type { PublishedEvent } from '@authsvc/contracts';
import { preparedQuery } from '@authsvc/platform';
import type { DataSource } from 'typeorm';
import { renderMailFor } from './mail-requests.js';

/**
 * Turns a mail-request event into a stored mail. Idempotent by the event id (unique source_event_id),
 * so a redelivered event never produces a second mail; nothing is stored for a user already forgotten.
 *
 * Not a ConsumerProjection (as the session service's user snapshot is): there is no view here to evolve.
 * A request only ever adds a row, which from then on belongs to the sender (status, attempts), so `evolve`
 * would always be given nothing; the one state the outcome depends on, whether the user was forgotten, is
 * another key's (the user's, written by the UserDeleted consumer, which removes all their mails at once) and
 * must be read under the user's lock in the statement that inserts. Handing it to a pure `decide` would take
 * a transaction with a lock, a read and an insert instead of `mailer.store_mail`'s one round trip, to make
 * the decision its `NOT EXISTS` makes.
 */
export class MailInbox {
  constructor(
    private readonly dataSource: DataSource,
    private readonly onStored: () => void,
  ) {}

  async accept(event: PublishedEvent): Promise<void> {
    const rendered = renderMailFor(event);
    if (!rendered) return;
    const { mail, userId, kind, linkExpiresAt } = rendered;
    // Stored unless the user was forgotten, under the user's mail lock (see `mailer.store_mail`'s migration).
    await preparedQuery(this.dataSource.manager, 'SELECT mailer.store_mail($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [
      randomUUID(),
      event.metadata.eventId,
      userId,
      kind,
      mail.to,
      mail.subject,
      mail.text,
      mail.html,
      linkExpiresAt,
      new Date(),
    ]);
    this.onStored();
  }
}
