import { NestFactory } from '@nestjs/core';
import type { MicroserviceOptions } from '@nestjs/microservices';
import type { INestMicroservice, LoggerService } from '@nestjs/common';
import { PlainSubjectNatsServer } from '../nats/plain-subject-nats-server.js';
import { RpcErrorFilter } from '../rpc/rpc-error.filter.js';
import { RpcValidationPipe } from '../rpc/rpc-validation.pipe.js';

/**
 * A Nest microservice answering its `<service>.rpc.>` subjects in a NATS queue group, so that replicas
 * share the requests; every payload is validated with its contract and every error leaves as `{code, message}`.
 */
export async function startNatsMicroservice(
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  module: Function | object,
  natsUrl: URL,
  queue: string,
  logger: LoggerService,
): Promise<INestMicroservice> {
  const app = await NestFactory.createMicroservice<MicroserviceOptions>(module as never, {
    strategy: new PlainSubjectNatsServer(natsUrl, queue),
    logger,
  });
  app.useGlobalPipes(new RpcValidationPipe());
  app.useGlobalFilters(new RpcErrorFilter());
  await app.listen();
  return app;
}
