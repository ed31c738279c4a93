import { LegacyMailConsumer, type PublishedEvent } from '@authsvc/contracts';
import { BackgroundLoop, type RoundEnd } from '@authsvc/platform';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { LoggerService, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { MailInbox } from './mail-inbox.js';

const BATCH_SIZE = 64;
const FETCH_EXPIRES_MS = 1000;
const RETRY_MS = 5000;
const { stream: eventStream, durableName: legacyConsumer, filterSubject: mailSubjects } = LegacyMailConsumer;

/**
 * Deployments from before the IDENTITY_MAIL stream kept mail requests in IDENTITY_EVENTS, read through the
 * durable consumer `LegacyMailConsumer` there (the mailer's NATS permissions allow this drain and no more). What
 * that consumer still holds is stored like any request (the inbox ignores one it already has), so no request
 * is lost whichever service is upgraded first. Once identity no longer binds the mail subjects to its event
 * stream (it gives them up at start) and nothing is left, the consumer goes and the requests, live links, are
 * purged from the event stream rather than kept for EVENT_RETENTION_DAYS. Where the consumer does not exist,
 * one lookup at start is all this does.
 */
export class LegacyMailRequests implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly loop: BackgroundLoop;

  constructor(
    private readonly nc: NatsConnection,
    private readonly inbox: MailInbox,
    logger: LoggerService,
  ) {
    this.loop = new BackgroundLoop({
      failurePrefix: `reading the mail requests left in ${eventStream}`,
      logger,
      retryMs: RETRY_MS,
      failureLevel: 'warn',
      round: () => this.drain(),
    });
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }

  private async drain(): Promise<RoundEnd> {
    const manager = await jetstreamManager(this.nc);
    const legacy = await manager.consumers.info(eventStream, legacyConsumer).catch(() => null);
    if (!legacy) return 'done';
    const consumer = await jetstream(this.nc).consumers.get(eventStream, legacyConsumer);
    const batch = await consumer.fetch({ max_messages: BATCH_SIZE, expires: FETCH_EXPIRES_MS });
    let stored = 0;
    for await (const message of batch) {
      await this.inbox.accept(message.json<PublishedEvent>());
      await message.ackAck();
      stored += 1;
    }
    if (stored > 0) return 'again';
    const stream = await manager.streams.info(eventStream);
    const { num_pending, num_ack_pending } = await manager.consumers.info(eventStream, legacyConsumer);
    if (stream.config.subjects.includes(mailSubjects) || num_pending + num_ack_pending > 0) return 'wait';
    await manager.streams.purge(eventStream, { filter: mailSubjects });
    await manager.consumers.delete(eventStream, legacyConsumer);
    return 'done';
  }
}
