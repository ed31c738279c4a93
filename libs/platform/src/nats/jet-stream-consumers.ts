import type { PublishedEvent } from '@authsvc/contracts';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { BeforeApplicationShutdown, LoggerService, OnApplicationBootstrap } from '@nestjs/common';
import type { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { jetStreamConsumerLag } from '../metrics/metrics.js';
import { DurableConsumer } from './durable-consumer.js';
import { JET_STREAM_CONSUMER, type JetStreamConsumerOptions } from './jet-stream-consumer.decorator.js';

type Handler = (event: PublishedEvent) => Promise<void>;

/**
 * Runs the durable consumers that the application's controllers declare with `@JetStreamConsumer`: started
 * once every provider is ready, stopped before any shutdown hook closes what their handlers use, each
 * finishing (and acknowledging) the event in hand.
 */
export class JetStreamConsumers implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly consumers: DurableConsumer[] = [];
  private stopLag?: () => void;
  private manager?: Promise<JetStreamManager>;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly nc: NatsConnection,
    private readonly logger: LoggerService,
    private readonly streamWaitMs?: number,
  ) {}

  onApplicationBootstrap(): void {
    for (const { instance } of this.discovery.getControllers()) {
      if (!instance) continue;
      const controller = instance as Record<string, Handler>;
      for (const method of this.scanner.getAllMethodNames(Object.getPrototypeOf(controller))) {
        const declared = this.reflector.get<JetStreamConsumerOptions | undefined>(
          JET_STREAM_CONSUMER,
          controller[method],
        );
        if (!declared) continue;
        const handle: Handler = (event) => controller[method](event);
        this.consumers.push(
          new DurableConsumer({
            ...declared,
            nc: this.nc,
            logger: this.logger,
            streamWaitMs: this.streamWaitMs,
            handle,
          }),
        );
      }
    }
    for (const consumer of this.consumers) consumer.start();
    if (this.consumers.length > 0) this.stopLag = jetStreamConsumerLag.add(() => this.lag());
  }

  /**
   * One consumer-info request per durable consumer, when scraped. The server answers the same on every replica;
   * a consumer not created yet is left out.
   */
  private async lag() {
    this.manager ??= jetstreamManager(this.nc).catch((error: unknown) => {
      this.manager = undefined;
      throw error;
    });
    const manager = await this.manager;
    const readings = await Promise.all(
      this.consumers.map((consumer) =>
        consumer.lag(manager).then(
          (values) => [{ labels: { stream: consumer.stream, consumer: consumer.durableName }, values }],
          () => [],
        ),
      ),
    );
    return readings.flat();
  }

  /** Resolves when every consumer is bound to its stream; rejects naming those still waiting (for their stream). */
  async bound(): Promise<void> {
    const waiting = this.consumers.filter((consumer) => !consumer.bound).map((consumer) => consumer.durableName);
    if (waiting.length > 0) throw new Error(`consumers not bound yet: ${waiting.join(', ')}`);
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopLag?.();
    await Promise.all(this.consumers.map((consumer) => consumer.stop()));
  }
}
