import { randomUUID } from 'node:crypto';
import type { PublishedEvent } from '@authsvc/contracts';
import { preparedQuery } from '@authsvc/platform';
import type { DataSource } from 'typeorm';
import type { RequestedMail } from './requested-mail.js';

// Each stores a mail unless its user (or organization) was forgotten, under their mail locks (see the migrations).
const STORE_USER_MAIL = 'SELECT mailer.store_mail($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)';
const STORE_ORGANIZATION_MAIL = 'SELECT mailer.store_organization_mail($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)';

/** The mail an event asks for, or null when it asks for none. */
export type MailRenderer = (event: PublishedEvent) => RequestedMail | null;

/**
 * Turns an event that asks for mail into a stored mail. Idempotent by the event id (unique source_event_id),
 * so a redelivered event never produces a second mail; nothing is stored for a user (or organization) already
 * forgotten.
 *
 * Not a ConsumerProjection (as the session service's user snapshot is): there is no view here to evolve.
 * A request only ever adds a row, which from then on belongs to the sender (status, attempts), so `evolve`
 * would always be given nothing; the one state the outcome depends on, whether the user (or organization) was
 * forgotten, is another key's (written by the deletion's consumer, which removes all their mails at once) and
 * must be read under their lock in the statement that inserts. Handing it to a pure `decide` would take
 * a transaction with a lock, a read and an insert instead of `mailer.store_mail`'s one round trip, to make
 * the decision its `NOT EXISTS` makes.
 */
export class MailInbox {
  constructor(
    private readonly dataSource: DataSource,
    private readonly render: MailRenderer,
    private readonly onStored: () => void,
  ) {}

  async accept(event: PublishedEvent): Promise<void> {
    const rendered = this.render(event);
    if (!rendered) return;
    const { mail, userId, organizationId, kind, linkExpiresAt } = rendered;
    const [statement, owners] =
      organizationId === null ? [STORE_USER_MAIL, [userId]] : [STORE_ORGANIZATION_MAIL, [organizationId, userId]];
    await preparedQuery(this.dataSource.manager, statement, [
      randomUUID(),
      event.metadata.eventId,
      ...owners,
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
