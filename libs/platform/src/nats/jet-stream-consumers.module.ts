import type { NatsConnection } from '@nats-io/transport-node';
import { Module, type DynamicModule, type LoggerService } from '@nestjs/common';
import { DiscoveryModule, DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { JetStreamConsumers } from './jet-stream-consumers.js';

/** Runs the `@JetStreamConsumer` handlers of every controller of the application, over the service's connection. */
@Module({})
export class JetStreamConsumersModule {
  static forConnection(nc: NatsConnection, logger: LoggerService, streamWaitMs?: number): DynamicModule {
    return {
      module: JetStreamConsumersModule,
      imports: [DiscoveryModule],
      providers: [
        {
          provide: JetStreamConsumers,
          useFactory: (discovery: DiscoveryService, scanner: MetadataScanner, reflector: Reflector) =>
            new JetStreamConsumers(discovery, scanner, reflector, nc, logger, streamWaitMs),
          inject: [DiscoveryService, MetadataScanner, Reflector],
        },
      ],
    };
  }
}
