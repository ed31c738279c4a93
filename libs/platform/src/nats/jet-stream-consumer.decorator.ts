import type { DurableConsumerDefinition, PublishedEvent } from '@authsvc/contracts';
import { SetMetadata } from '@nestjs/common';

export const JET_STREAM_CONSUMER = 'authsvc:jet-stream-consumer';

/** Which durable consumer of which stream a handler takes its events from. */
export type JetStreamConsumerOptions = DurableConsumerDefinition;

/**
 * Makes a NATS controller's method the handler of a JetStream durable consumer: `JetStreamConsumers` runs
 * the consumer while the application runs (see DurableConsumer: at least once, acknowledged after the handler
 * returned, redelivered after a throw). The durable name and the filter subject are persisted in JetStream.
 */
export function JetStreamConsumer(options: JetStreamConsumerOptions) {
  return <Handler extends (event: PublishedEvent) => Promise<void>>(
    target: object,
    key: string | symbol,
    descriptor: TypedPropertyDescriptor<Handler>,
  ): void => {
    SetMetadata(JET_STREAM_CONSUMER, options)(target, key, descriptor);
  };
}
