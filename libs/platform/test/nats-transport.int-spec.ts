import { randomBytes } from 'node:crypto';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NatsConnection } from '@nats-io/transport-node';
import { jest } from '@jest/globals';
import { MessagePattern, RpcException } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import { MultiplexedNatsClient } from '../src/nats/multiplexed-nats-client';
import { PlainSubjectNatsServer } from '../src/nats/plain-subject-nats-server';

// Our NATS client and server strategies against a real nats-server: answers reach their own caller, errors and
// "no responders" arrive as with Nest's own transport, and all replies share one subscription.
const NATS_URL = new URL('nats://127.0.0.1:4222');
const prefix = `nats-transport-test.${randomBytes(4).toString('hex')}`;

@Controller()
class EchoController {
  @MessagePattern(`${prefix}.echo`)
  echo(payload: { n: number }) {
    return { n: payload.n };
  }

  @MessagePattern(`${prefix}.fail`)
  fail(): never {
    throw new RpcException({ code: 'TEST_FAILURE', message: 'Test failure' });
  }

  @MessagePattern({ test: prefix, op: 'double' })
  double(payload: { n: number }) {
    return { n: payload.n * 2 };
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

describe('NATS transport (MultiplexedNatsClient, PlainSubjectNatsServer)', () => {
  let server: INestMicroservice;
  let client: MultiplexedNatsClient;

  beforeAll(async () => {
    server = await NestFactory.createMicroservice(EchoModule, {
      strategy: new PlainSubjectNatsServer(NATS_URL, prefix),
      logger: false,
    });
    await server.listen();
    client = new MultiplexedNatsClient(NATS_URL);
    await client.connect();
  });

  afterAll(async () => {
    await client.close();
    await server.close();
  });

  const call = <T>(pattern: string | object, payload: unknown) => firstValueFrom(client.send<T>(pattern, payload));

  it('answers every concurrent request to its own caller, all through one reply subscription', async () => {
    const connection = client.unwrap<NatsConnection>();
    const subscribe = jest.spyOn(connection, 'subscribe');
    const publish = jest.spyOn(connection, 'publish');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, n) => call<{ n: number }>(`${prefix}.echo`, { n })),
    );
    expect(answers).toEqual(Array.from({ length: 50 }, (_, n) => ({ n })));
    expect(subscribe.mock.calls.length).toBeLessThanOrEqual(1);
    const replySubjects = publish.mock.calls.map(([, , options]) => options?.reply ?? '');
    expect(new Set(replySubjects).size).toBe(50);
    expect(new Set(replySubjects.map((subject) => subject.slice(0, subject.lastIndexOf('.')))).size).toBe(1);
    subscribe.mockRestore();
    publish.mockRestore();
  });

  it('passes a handler error to the caller as its error object', async () => {
    await expect(call(`${prefix}.fail`, {})).rejects.toEqual({ code: 'TEST_FAILURE', message: 'Test failure' });
  });

  it('still routes object patterns, which arrive as JSON subjects', async () => {
    await expect(call({ test: prefix, op: 'double' }, { n: 21 })).resolves.toEqual({ n: 42 });
  });

  it('fails instead of waiting when nobody listens on the subject', async () => {
    await expect(call(`${prefix}.nobody`, {})).rejects.toThrow(/Empty response/);
  });

  it('forgets a request whose caller stopped waiting', async () => {
    const subscription = client.send(`${prefix}.echo`, { n: 1 }).subscribe();
    subscription.unsubscribe();
    await call(`${prefix}.echo`, { n: 2 });
    expect((client as unknown as { waiting: Map<string, unknown> }).waiting.size).toBe(0);
  });
});
