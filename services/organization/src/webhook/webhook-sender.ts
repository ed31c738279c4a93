import { lookup } from 'node:dns/promises';
import { BackgroundLoop } from '@authsvc/platform';
import type { LoggerService, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { HeldDelivery, WebhookDeliveries } from './webhook-deliveries.js';
import type { WebhookRegistry } from './webhook-registry.js';
import { afterAttempt } from './webhook-schedule.js';
import { webhookHeaders } from './webhook-signature.js';
import { isInternalAddress } from './webhook-url.js';

/** Deliveries a replica sends at once, each holding a database connection (its row lock) while it is sent. */
const SENDERS = 2;
const TIMEOUT_MS = 10_000;
const POLL_MS = 1_000;

/** What an attempt came to: the receiver's HTTP status, and a reason when it is no success. */
interface Outcome {
  answered: number | null;
  error: string | null;
}

/**
 * Sends the queued deliveries (every replica runs one): a POST of the event's JSON with the Standard Webhooks
 * headers, answered by a 2xx within 10 seconds, redirects not followed. Each delivery is sent inside the
 * transaction that locked it and records its outcome there: a sender that dies mid-delivery leaves no lease
 * to expire, its connection's end frees the row for another replica (at least once, never lost).
 */
export class WebhookSender implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly loop: BackgroundLoop;

  constructor(
    private readonly dataSource: DataSource,
    private readonly deliveries: WebhookDeliveries,
    private readonly registry: WebhookRegistry,
    private readonly development: boolean,
    private readonly logger: LoggerService,
  ) {
    this.loop = new BackgroundLoop({
      failurePrefix: 'webhook sender failed',
      logger,
      idleMs: POLL_MS,
      retryMs: POLL_MS,
      round: async () => {
        await Promise.all(Array.from({ length: SENDERS }, () => this.sendWhileDue()));
        return 'idle';
      },
    });
  }

  onApplicationBootstrap(): void {
    this.loop.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.loop.stop();
  }

  /** A delivery was queued: send it now rather than at the next poll. */
  nudge(): void {
    this.loop.nudge();
  }

  private async sendWhileDue(): Promise<void> {
    while (this.loop.active && (await this.sendNext()));
  }

  /** Sends one due delivery, if there is one. */
  private sendNext(): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const delivery = await this.deliveries.holdNext(manager);
      if (!delivery) return false;
      const outcome = await this.attempt(manager, delivery);
      const at = new Date();
      const result = afterAttempt(outcome.error === null, delivery.attempts, delivery.first_attempt_at, at);
      await this.deliveries.record(manager, delivery.id, { ...outcome, ...result, at });
      if (result.status === 'failed') {
        this.logger.warn(
          `webhook ${delivery.webhook_id} delivery ${delivery.id} kept as failed after a day of retries: ${outcome.error}`,
          'WebhookSender',
        );
      }
      return true;
    });
  }

  private async attempt(manager: EntityManager, delivery: HeldDelivery): Promise<Outcome> {
    const { id, webhook_id, url, secret, payload } = delivery;
    const key = await this.registry.secret(manager, webhook_id, secret);
    if (key === null) return { answered: null, error: 'webhook secret erased' };
    try {
      if (!this.development) await refuseInternalHost(new URL(url).hostname);
      const headers = webhookHeaders(key, id, Math.floor(Date.now() / 1000), payload);
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: payload,
        redirect: 'manual',
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      await response.body?.cancel();
      const ok = response.status >= 200 && response.status < 300;
      return { answered: response.status, error: ok ? null : `answered ${response.status}` };
    } catch (error) {
      return { answered: null, error: (error as Error).message };
    }
  }
}

/** SSRF: in production a host name that resolves into the deployment's network is not posted to. */
async function refuseInternalHost(hostname: string): Promise<void> {
  const addresses = await lookup(hostname.replace(/^\[(.*)\]$/, '$1'), { all: true });
  if (addresses.some(({ address }) => isInternalAddress(address))) {
    throw new Error(`${hostname} resolves to an internal address`);
  }
}
