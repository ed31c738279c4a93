import { preparedQuery } from '@authsvc/platform';
import type { EntityManager } from 'typeorm';
import { redactLinks, type MailContent } from './redact-links.js';

/** A stored mail's content, by id. */
export type StoredContent = MailContent & { readonly id: string };

/**
 * Removes the links of mails that no longer need them: delivered ones and given-up ones. Off while the
 * development mailbox is enabled, since showing those links to the developer is its whole point (it is refused
 * nowhere, but documented as local-only); once it is turned off, the links it kept are removed at start.
 */
export class MailRedaction {
  constructor(readonly enabled: boolean) {}

  /** Stores the given mails without their links, in the caller's transaction. */
  async redact(manager: EntityManager, mails: readonly StoredContent[]): Promise<void> {
    if (!this.enabled || mails.length === 0) return;
    const redacted = mails.map(redactLinks);
    await preparedQuery(
      manager,
      `UPDATE mailer.mails AS mail
          SET subject = done.subject, text = done.text, html = done.html, redacted_at = now()
         FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[]) AS done(id, subject, text, html)
        WHERE mail.id = done.id`,
      [
        mails.map((mail) => mail.id),
        redacted.map((mail) => mail.subject),
        redacted.map((mail) => mail.text),
        redacted.map((mail) => mail.html),
      ],
    );
  }

  /**
   * Redacts up to `limit` finished mails that still hold their links (kept while the development mailbox was
   * on, or stored before redaction existed); how many it found.
   */
  async redactLeftovers(manager: EntityManager, limit: number): Promise<number> {
    if (!this.enabled) return 0;
    const leftovers = await preparedQuery<StoredContent>(
      manager,
      `SELECT id, subject, text, html FROM mailer.mails
        WHERE status <> 'pending' AND redacted_at IS NULL
        ORDER BY created_at LIMIT $1
          FOR UPDATE SKIP LOCKED`,
      [limit],
    );
    await this.redact(manager, leftovers);
    return leftovers.length;
  }
}
