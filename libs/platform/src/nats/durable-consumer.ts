import type { DurableConsumerDefinition, PublishedEvent } from '@authsvc/contracts';
import {
  AckPolicy,
  DeliverPolicy,
  jetstream,
  jetstreamManager,
  type ConsumerMessages,
  type JetStreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type { LoggerService } from '@nestjs/common';
import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { BackgroundLoop } from '../background/background-loop.js';
import { natsSpanAttributes, natsTraceContext } from '../tracing/nats-trace-context.js';
import { activeTracer } from '../tracing/tracing-state.js';

const RETRY_DELAYS_MS = [500, 1000, 2000, 5000, 10000, 30000];
const STREAM_WAIT_MS = 1000;
const DEFAULT_ACK_WAIT_MS = 30_000;
/**
 * How long each pull lives (the client's default is 30 s). After its NATS node is lost the client asks for the
 * consumer again, waiting this long between failed attempts while JetStream elects new leaders, and it takes a
 * pull as lost after missing heartbeats for this long: with the default, events waited up to half a minute after a
 * node loss. An idle consumer sends one pull per this period.
 */
const PULL_EXPIRES_MS = 5_000;
const nanos = (ms: number) => ms * 1_000_000;

/** The durable name is shared by every replica of the consuming service, so each event is handled by one of them. */
export interface DurableConsumerOptions extends DurableConsumerDefinition {
  readonly nc: NatsConnection;
  readonly logger: LoggerService;
  /** How long it waits before looking again for its stream, not created yet (CONSUMER_STREAM_WAIT_MS). */
  readonly streamWaitMs?: number;
  /** Must be idempotent: delivery is at least once. A throw means "retry later". */
  handle(event: PublishedEvent): Promise<void>;
}

/**
 * A JetStream durable pull consumer with explicit acks: an event is acknowledged only after its handler
 * committed, and redelivered with growing delays while the handler fails (for example while SMTP is down).
 */
export class DurableConsumer {
  private messages?: ConsumerMessages;
  private pulling = false;
  private readonly loop: BackgroundLoop;

  constructor(private readonly options: DurableConsumerOptions) {
    this.loop = new BackgroundLoop({
      failurePrefix: `consumer ${options.durableName} waiting for stream ${options.stream}`,
      logger: options.logger,
      retryMs: options.streamWaitMs ?? STREAM_WAIT_MS,
      failureLevel: 'warn',
      round: async () => {
        await this.consume();
        return 'again';
      },
      interrupt: async () => {
        await this.messages?.close();
      },
    });
  }

  start(): void {
    this.loop.start();
  }

  get durableName(): string {
    return this.options.durableName;
  }

  /** Whether the durable consumer exists on its stream and this process pulls from it. */
  get bound(): boolean {
    return this.pulling;
  }

  /** Its messages not delivered yet and those delivered but not acknowledged, as the server counts them. */
  async lag(manager: JetStreamManager): Promise<{ pending: number; ackPending: number }> {
    const info = await manager.consumers.info(this.options.stream, this.options.durableName);
    return { pending: info.num_pending, ackPending: info.num_ack_pending };
  }

  get stream(): string {
    return this.options.stream;
  }

  /** Resolves once the event in hand (if any) was handled and acknowledged. */
  stop(): Promise<void> {
    return this.loop.stop();
  }

  private async consume(): Promise<void> {
    const { nc, stream, durableName, filterSubject, inStreamOrder, ackWaitMs } = this.options;
    const manager = await jetstreamManager(nc);
    const exists = await manager.consumers.info(stream, durableName).then(
      () => true,
      () => false,
    );
    // Only what the definition sets explicitly is brought up to date on an existing consumer.
    const delivery = {
      filter_subject: filterSubject,
      ...(inStreamOrder ? { max_ack_pending: 1 } : {}),
      ...(ackWaitMs ? { ack_wait: nanos(ackWaitMs) } : {}),
    };
    if (exists) await manager.consumers.update(stream, durableName, delivery);
    else {
      await manager.consumers.add(stream, {
        durable_name: durableName,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ack_wait: nanos(DEFAULT_ACK_WAIT_MS),
        max_deliver: -1,
        ...delivery,
      });
    }
    const consumer = await jetstream(nc).consumers.get(stream, durableName);
    this.messages = await consumer.consume({ max_messages: 64, expires: PULL_EXPIRES_MS });
    // A stop that came while the consumer was being set up had nothing to close yet.
    if (!this.loop.active) await this.messages.close();
    this.pulling = true;
    try {
      for await (const message of this.messages) {
        await this.process(message);
        if (!this.loop.active) break;
      }
    } finally {
      this.pulling = false;
    }
  }

  /**
   * Traced, each delivery is handled in a consumer span, its handler's queries and requests under it. The span
   * starts a trace of its own: the outbox keeps no trace context with the events it publishes.
   */
  private process(message: JsMsg): Promise<void> {
    const tracer = activeTracer();
    if (!tracer) return this.handle(message);
    const attributes = {
      ...natsSpanAttributes(message.subject, 'process'),
      'messaging.consumer.group.name': this.options.durableName,
    };
    return tracer.startActiveSpan(
      message.subject,
      { kind: SpanKind.CONSUMER, attributes },
      natsTraceContext(message.headers),
      (span) => this.handle(message).finally(() => span.end()),
    );
  }

  private async handle(message: JsMsg): Promise<void> {
    try {
      await this.options.handle(message.json<PublishedEvent>());
      message.ack();
    } catch (error) {
      const attempt = message.info.deliveryCount;
      const delay = RETRY_DELAYS_MS[Math.min(attempt - 1, RETRY_DELAYS_MS.length - 1)];
      this.options.logger.warn(
        `${message.subject} delivery ${attempt} failed, retrying in ${delay} ms: ${(error as Error).message}`,
        'DurableConsumer',
      );
      trace.getActiveSpan()?.setStatus({ code: SpanStatusCode.ERROR, message: (error as Error).message });
      message.nak(delay);
    }
  }
}
