import { randomUUID } from 'node:crypto';
import type { PublishedEvent } from '@authsvc/contracts';
import { preparedQuery } from '@authsvc/platform';
import type { DataSource } from 'typeorm';
import { renderMailFor } from './mail-requests.js';
import { lockUserMail } from './user-mail-lock.js';

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
    const now = new Date();
    await this.dataSource.transaction(async (manager) => {
      await lockUserMail(manager, userId);
      await preparedQuery(
        manager,
        `INSERT INTO mailer.mails
           (id, source_event_id, user_id, to_address, subject, text, html, status, attempts, next_attempt_at, created_at)
         SELECT $1, $2, $3::varchar, $4, $5, $6, $7, 'pending', 0, $8, $8
          WHERE NOT EXISTS (SELECT 1 FROM mailer.forgotten_users WHERE user_id = $3::varchar)
         ON CONFLICT (source_event_id) DO NOTHING`,
        [randomUUID(), event.metadata.eventId, userId, mail.to, mail.subject, mail.text, mail.html, now],
      );
    });
    this.onStored();
  }
}
