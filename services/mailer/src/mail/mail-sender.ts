import { BackgroundLoop, preparedQuery } from '@authsvc/platform';
import type { LoggerService, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import { MailEntity } from './mail.entity.js';
import type { DeliverableMail, MailTransport } from './mail-transport.js';
import { retryDelayMs } from './retry-delay.js';

const BATCH_SIZE = 10;
const POLL_MS = 1000;
/** Under a steady trickle of mails a batch claims those of up to this long (a round trip saved per mail). */
const LINGER_MS = 100;

/**
 * Delivers pending mails. Rows are claimed with FOR UPDATE SKIP LOCKED, so replicas share the work
 * without sending one mail twice; a failed delivery is retried later, never dropped. Runs while the
 * application runs; a stop lets the batch in hand finish.
 */
export class MailSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly loop: BackgroundLoop;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transport: MailTransport,
    private readonly logger: LoggerService,
  ) {
    this.loop = new BackgroundLoop({
      failurePrefix: 'mail delivery batch failed',
      logger,
      lingerMs: LINGER_MS,
      idleMs: POLL_MS,
      retryMs: POLL_MS,
      // A short batch was everything due when it was claimed; a mail stored since then nudges.
      round: async () => ((await this.deliverBatch()) < BATCH_SIZE ? 'idle' : 'again'),
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

  private deliverBatch(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      // In the order of the pending index: a plain index scan that stops at the batch size and marks the
      // entries of sent mails dead as it passes them (ordering by creation scanned every entry left since
      // the last vacuum, milliseconds per poll under load).
      const due = await preparedQuery<DeliverableMail>(
        manager,
        `SELECT id, source_event_id AS "sourceEventId", to_address AS "to", subject, text, html, attempts
           FROM mailer.mails
          WHERE status = 'pending' AND next_attempt_at <= now()
          ORDER BY next_attempt_at LIMIT ${BATCH_SIZE}
            FOR UPDATE SKIP LOCKED`,
        [],
      );
      const sent: string[] = [];
      for (const mail of due) {
        try {
          await this.transport.deliver(mail);
          sent.push(mail.id);
        } catch (error) {
          const attempts = mail.attempts + 1;
          await manager.update(
            MailEntity,
            { id: mail.id },
            {
              attempts,
              lastError: (error as Error).message,
              nextAttemptAt: new Date(Date.now() + retryDelayMs(attempts)),
            },
          );
          this.logger.warn(
            `mail ${mail.id} not delivered (attempt ${attempts}): ${(error as Error).message}`,
            'MailSender',
          );
        }
      }
      // One statement for the batch: a crash before it sends these few mails again, with the same Message-ID.
      if (sent.length > 0) {
        await preparedQuery(
          manager,
          `UPDATE mailer.mails
              SET status = 'sent', sent_at = now(), attempts = attempts + 1
            WHERE id = ANY($1)`,
          [sent],
        );
      }
      return due.length;
    });
  }
}
