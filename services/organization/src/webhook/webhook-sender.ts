import { lookup } from 'node:dns/promises';
import { BackgroundLoop } from '@authsvc/platform';
import type { LoggerService, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import type { DataSource } from 'typeorm';
import type { ClaimedDelivery, WebhookDeliveries } from './webhook-deliveries.js';
import type { WebhookRegistry } from './webhook-registry.js';
import { nextAttemptAt } from './webhook-schedule.js';
import { webhookHeaders } from './webhook-signature.js';
import { isInternalAddress } from './webhook-url.js';

const BATCH_SIZE = 16;
const TIMEOUT_MS = 10_000;
const POLL_MS = 1_000;

/** What an attempt came to: the receiver's status, and a reason when it is no success. */
interface Outcome {
  status: number | null;
  error: string | null;
}

/**
 * Sends the queued deliveries (every replica runs one; WebhookDeliveries.claim keeps them apart): a POST of the
 * event's JSON with the Standard Webhooks headers, answered by a 2xx within 10 seconds, redirects not followed.
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
      round: async () => ((await this.round()) < BATCH_SIZE ? 'idle' : 'again'),
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

  private async round(): Promise<number> {
    const claimed = await this.deliveries.claim(BATCH_SIZE);
    await Promise.all(claimed.map((delivery) => this.deliver(delivery)));
    return claimed.length;
  }

  private async deliver(delivery: ClaimedDelivery): Promise<void> {
    const outcome = await this.attempt(delivery);
    if (outcome.error === null) return this.deliveries.delivered(delivery.id, outcome.status!);
    const next = nextAttemptAt(delivery.attempts, new Date(delivery.first_attempt_at), new Date());
    await this.deliveries.attemptFailed(delivery.id, next, outcome.status, outcome.error);
    if (next === null) {
      this.logger.warn(
        `webhook ${delivery.webhook_id} delivery ${delivery.id} kept as failed after a day of retries: ${outcome.error}`,
        'WebhookSender',
      );
    }
  }

  private async attempt({ id, webhook_id, url, secret, payload }: ClaimedDelivery): Promise<Outcome> {
    const key = await this.registry.secret(this.dataSource.manager, webhook_id, secret);
    if (key === null) return { status: null, error: 'webhook secret erased' };
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
      return { status: response.status, error: ok ? null : `answered ${response.status}` };
    } catch (error) {
      return { status: null, error: (error as Error).message };
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
