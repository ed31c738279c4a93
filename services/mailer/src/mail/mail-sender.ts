import { BackgroundLoop, preparedQuery } from '@authsvc/platform';
import type { LoggerService, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import { MailEntity } from './mail.entity.js';
import type { MailRedaction } from './mail-redaction.js';
import type { DeliverableMail, MailTransport } from './mail-transport.js';
import { retryDelayMs } from './retry-delay.js';

type DueMail = DeliverableMail & Pick<MailEntity, 'linkExpiresAt'>;

const BATCH_SIZE = 10;
const POLL_MS = 1000;
/** Under a steady trickle of mails a batch claims those of up to this long (a round trip saved per mail). */
const LINGER_MS = 100;

/**
 * Delivers pending mails. Rows are claimed with FOR UPDATE SKIP LOCKED, so replicas share the work
 * without sending one mail twice; a failed delivery is retried later, until the mail's link expires (then the
 * mail is `expired`). A delivered or expired mail loses its links in the same transaction (see MailRedaction).
 * Runs while the application runs; a stop lets the batch in hand finish.
 */
export class MailSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly loop: BackgroundLoop;
  private leftoversRedacted: boolean;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transport: MailTransport,
    private readonly redaction: MailRedaction,
    private readonly logger: LoggerService,
  ) {
    this.leftoversRedacted = !redaction.enabled;
    this.loop = new BackgroundLoop({
      failurePrefix: 'mail delivery batch failed',
      logger,
      lingerMs: LINGER_MS,
      idleMs: POLL_MS,
      retryMs: POLL_MS,
      // A short batch was everything due when it was claimed; a mail stored since then nudges.
      round: async () => {
        const due = await this.deliverBatch();
        const leftovers = await this.redactLeftovers();
        return due < BATCH_SIZE && leftovers < BATCH_SIZE ? 'idle' : 'again';
      },
    });
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }

  /** Called when a mail was stored, so that it leaves without waiting for the next poll. */
  nudge(): void {
    this.loop.nudge();
  }

  /** Until none is left, the first rounds also remove the links that finished mails still hold. */
  private async redactLeftovers(): Promise<number> {
    if (this.leftoversRedacted) return 0;
    const found = await this.dataSource.transaction((manager) => this.redaction.redactLeftovers(manager, BATCH_SIZE));
    this.leftoversRedacted = found < BATCH_SIZE;
    return found;
  }

  /** Delivers (or gives up) a batch of due mails; how many were due. */
  private deliverBatch(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      // In the order of the pending index: a plain index scan that stops at the batch size and marks the
      // entries of sent mails dead as it passes them (ordering by creation scanned every entry left since
      // the last vacuum, milliseconds per poll under load).
      const due = await preparedQuery<DueMail>(
        manager,
        `SELECT id, source_event_id AS "sourceEventId", to_address AS "to", subject, text, html, attempts,
                link_expires_at AS "linkExpiresAt"
           FROM mailer.mails
          WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY next_attempt_at LIMIT ${BATCH_SIZE}
            FOR UPDATE SKIP LOCKED`,
        [],
      );
      const sent: DueMail[] = [];
      // A link that no longer works makes the mail useless: it is given up rather than retried for ever.
      const expired = due.filter((mail) => mail.linkExpiresAt !== null && mail.linkExpiresAt <= new Date());
      for (const mail of due) {
        if (expired.includes(mail)) continue;
        try {
          await this.transport.deliver(mail);
          sent.push(mail);
        } catch (error) {
          await this.deferred(manager, mail, error as Error);
        }
      }
      // One statement for the batch: a crash before it sends these few mails again, with the same Message-ID.
      if (sent.length > 0 || expired.length > 0) {
        await preparedQuery(
          manager,
          `UPDATE mailer.mails
              SET status = CASE WHEN id = ANY($1) THEN 'sent' ELSE 'expired' END,
                  sent_at = CASE WHEN id = ANY($1) THEN now() END,
                  attempts = attempts + CASE WHEN id = ANY($1) THEN 1 ELSE 0 END
            WHERE id = ANY($1) OR id = ANY($2)`,
          [sent.map((mail) => mail.id), expired.map((mail) => mail.id)],
        );
        await this.redaction.redact(manager, [...sent, ...expired]);
      }
      return due.length;
    });
  }

  private async deferred(manager: EntityManager, mail: DueMail, error: Error): Promise<void> {
    const attempts = mail.attempts + 1;
    await manager.update(
      MailEntity,
      { id: mail.id },
      { attempts, lastError: error.message, nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)) },
    );
    this.logger.warn(`mail ${mail.id} not delivered (attempt ${attempts}): ${error.message}`, 'MailSender');
  }
}
