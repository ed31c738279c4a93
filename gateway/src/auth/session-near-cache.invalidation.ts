import { SessionCreated, SessionEventTypes, UserViewChanges, type PublishedEvent } from '@authsvc/contracts';
import { setTimeout as sleep } from 'node:timers/promises';
import type { NatsConnection, Subscription } from '@nats-io/transport-node';
import { Inject, Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { ClientProxy } from '@nestjs/microservices';
import { NATS_CLIENT } from '../rpc/service-client.js';
import { SessionNearCache } from './session-near-cache.js';

const CONNECT_RETRY_MS = 1000;
/**
 * The events that change what a cached answer shows: a user's changes and deletion, and every session event
 * but a new session's. A new user or session changes nothing cached, and they are the most frequent events
 * (one per sign-up, one per sign-in), so they are not even delivered here; a password change that signs out
 * everywhere arrives as the sessions' revocations.
 */
const INVALIDATING_SUBJECTS = [
  ...UserViewChanges.map((event) => event.subject),
  ...SessionEventTypes.filter((event) => event !== SessionCreated).map((event) => event.subject),
];

/**
 * Makes every replica forget a user's near-cache entries as soon as an event about the user or one of their
 * sessions goes by: a revocation, a profile change or a deletion made through another replica, or by the
 * services on their own (sessions ended by a password reset). A plain subscription, no durable consumer:
 * a missed event only means the entry lives out its lifetime of at most a second.
 */
@Injectable()
export class SessionNearCacheInvalidation implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(SessionNearCacheInvalidation.name);
  private subscriptions: Subscription[] = [];
  private stopped = false;

  constructor(
    @Inject(NATS_CLIENT) private readonly client: ClientProxy,
    private readonly cache: SessionNearCache,
  ) {}

  onApplicationBootstrap(): void {
    if (this.cache.enabled) void this.subscribeOnceConnected();
  }

  /** The gateway starts (not ready) while NATS is down, so the subscription waits for the first connection. */
  private async subscribeOnceConnected(): Promise<void> {
    while (!this.stopped) {
      const connected = await this.client.connect().then(
        () => true,
        () => false,
      );
      if (connected) return this.subscribe();
      await sleep(CONNECT_RETRY_MS);
    }
  }

  private subscribe(): void {
    const connection = this.client.unwrap<NatsConnection>();
    this.subscriptions = INVALIDATING_SUBJECTS.map((subject) =>
      connection.subscribe(subject, {
        callback: (error, message) => {
          if (error) return this.logger.warn(`near-cache invalidation on ${subject}: ${error.message}`);
          this.forgetUserOf(parsed(message.string()));
        },
      }),
    );
  }

  onApplicationShutdown(): void {
    this.stopped = true;
    this.subscriptions.forEach((subscription) => subscription.unsubscribe());
  }

  private forgetUserOf(event: PublishedEvent<{ userId?: unknown }> | undefined): void {
    if (typeof event?.data?.userId === 'string') this.cache.forgetUser(event.data.userId);
  }
}

function parsed(payload: string): PublishedEvent<{ userId?: unknown }> | undefined {
  try {
    return JSON.parse(payload) as PublishedEvent<{ userId?: unknown }>;
  } catch {
    return undefined;
  }
}
