import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import { Module, type DynamicModule, type INestMicroservice, type Type } from '@nestjs/common';
import type { NatsConnection } from '@nats-io/transport-node';
import { JetStreamConsumers } from '../nats/jet-stream-consumers.js';
import { JetStreamConsumersModule } from '../nats/jet-stream-consumers.module.js';
import { PlainSubjectNatsServer } from '../nats/plain-subject-nats-server.js';
import { RpcErrorFilter } from '../rpc/rpc-error.filter.js';
import { RpcValidationPipe } from '../rpc/rpc-validation.pipe.js';
import { CommandScopeInterceptor } from '../rpc/command-scope.interceptor.js';
import { InFlightRequests } from '../rpc/in-flight-requests.js';
import type { ServiceRuntime } from './service-runtime.js';

/** The service's module, with what every service process runs beside it. */
@Module({})
class NatsMicroserviceModule {}

/** A service's running application, and its graceful stop. */
export interface NatsMicroservice {
  readonly app: INestMicroservice;
  /**
   * Stops taking work and finishes what it holds: readiness goes down at once, the RPC subscriptions leave their
   * queue groups (NATS gives new requests to the other replicas; those already delivered are handled), the
   * handlers running finish (for at most `timeoutMs`, then their answers are given up), the JetStream consumers
   * stop after the messages in hand, and the application closes.
   */
  drain(timeoutMs: number): Promise<void>;
}

/**
 * A Nest microservice answering its `<service>.rpc.>` subjects in a NATS queue group, so that replicas
 * share the requests; every payload is validated with its contract and every error leaves as `{code, message}`.
 * Every handler runs in its command's scope (`CommandScopeInterceptor`), so repeated commands are applied once.
 * The JetStream consumers its controllers declare (`@JetStreamConsumer`) run over the runtime's connection
 * until the application closes. The runtime's readiness follows the application from the moment it answers.
 */
export async function startNatsMicroservice(
  module: Type | DynamicModule,
  runtime: Pick<ServiceRuntime, 'nc' | 'nats' | 'logger' | 'readiness' | 'consumerStreamWaitMs'>,
  queue: string,
): Promise<NatsMicroservice> {
  const root: DynamicModule = {
    module: NatsMicroserviceModule,
    imports: [module, JetStreamConsumersModule.forConnection(runtime.nc, runtime.logger, runtime.consumerStreamWaitMs)],
  };
  const server = new PlainSubjectNatsServer(runtime.nats, queue);
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(root, {
    strategy: server,
    logger: runtime.logger,
  });
  const inFlight = new InFlightRequests();
  app.useGlobalInterceptors(inFlight, new CommandScopeInterceptor());
  app.useGlobalPipes(new RpcValidationPipe());
  app.useGlobalFilters(new RpcErrorFilter());
  await app.listen();
  // Nest's listen returns once the subscriptions are sent, not once the server has them: a flush's round trip
  // comes back after the server processed them, and keeps answering while that connection is up.
  const connection = server.unwrap<NatsConnection>();
  await connection.flush();
  const consumers = app.get(JetStreamConsumers);
  runtime.readiness.serve({ subscribed: () => connection.flush(), consumersBound: () => consumers.bound() });
  const drain = async (timeoutMs: number) => {
    runtime.readiness.drain();
    await server.stopTakingRequests();
    // A message handed over just now reaches its handler (and the in-flight count) after a few promise turns.
    await new Promise((resolve) => setImmediate(resolve));
    if (!(await inFlight.idle(timeoutMs))) runtime.logger.warn(`requests still running after ${timeoutMs} ms`);
    // The last answers may still sit in the client's write buffer, which closing the connection would drop.
    await connection.flush().catch(() => undefined);
    await app.close();
  };
  return { app, drain };
}
