import { DEV_NATS_NKEY_SEEDS } from '@authsvc/config';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { defineRpc } from '@authsvc/contracts';
import { jest } from '@jest/globals';
import { MessagePattern, RpcException } from '@nestjs/microservices';
import { firstValueFrom } from 'rxjs';
import { EmptyResponseException } from '@nestjs/microservices/errors/empty-response.exception.js';
import { MultiplexedNatsClient, RpcTimeoutError } from '../src/nats/multiplexed-nats-client';
import { PlainSubjectNatsServer } from '../src/nats/plain-subject-nats-server';
import { forwardRequest } from '../src/nats/forwarded-request';

// Our NATS client and server strategies against a real nats-server: answers reach their own caller, errors and
// "no responders" arrive as with Nest's own transport, and all replies share one subscription.
const NATS_URL = new URL('nats://127.0.0.1:4222');
// The development NATS has no authorization: any credential is accepted.
const NATS = { servers: [NATS_URL], user: 'test', seed: DEV_NATS_NKEY_SEEDS.gateway };
const prefix = `nats-transport-test.${randomBytes(4).toString('hex')}`;

class Numbered {
  n!: number;
}

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

  @MessagePattern(`${prefix}.slow`)
  async slow() {
    await sleep(300);
    return { late: true };
  }

  /** Like a sign-in: some work first, then another service answers the caller. */
  @MessagePattern(`${prefix}.forward`)
  async forward(payload: { to: string; n: number }) {
    await sleep(5);
    return forwardRequest(defineRpc<Numbered, Numbered>(`${prefix}.${payload.to}`, Numbered), { n: payload.n + 1 });
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
      strategy: new PlainSubjectNatsServer(NATS, prefix),
      logger: false,
    });
    await server.listen();
    client = new MultiplexedNatsClient(NATS);
    await client.connect();
  });

  afterAll(async () => {
    await client.close();
    await server.close();
  });

  // A failed assertion must not leave a spy on the shared connection for the tests after it.
  afterEach(() => jest.restoreAllMocks());

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

  it('does not send a request whose caller stopped waiting before the turn was over', async () => {
    const connection = client.unwrap<NatsConnection>();
    const sent = jest.spyOn(connection, 'publish');
    const made = jest.spyOn(client as unknown as { publish: () => unknown }, 'publish');
    const subscription = client.send(`${prefix}.echo`, { n: 1 }).subscribe();
    // Nest makes the request a few microtasks after the subscription; no I/O happens in between.
    for (let tick = 0; tick < 100 && made.mock.calls.length === 0; tick += 1) await Promise.resolve();
    expect(made).toHaveBeenCalledTimes(1);
    subscription.unsubscribe();
    await call(`${prefix}.echo`, { n: 2 });
    expect(sent).toHaveBeenCalledTimes(1);
  });

  describe('forwarding (a handler lets another service answer)', () => {
    it("delivers the other service's answer, and only that, to the caller", async () => {
      const inbox = (client as unknown as { replies: { inbox: string } }).replies.inbox;
      const observer = await connect({ servers: NATS_URL.host });
      const delivered: string[] = [];
      observer.subscribe(`${inbox}.*`, { callback: (_error, message) => delivered.push(message.string()) });
      await observer.flush();
      try {
        await expect(client.request(`${prefix}.forward`, { to: 'echo', n: 1 }, 2000)).resolves.toEqual({ n: 2 });
        await sleep(200);
        expect(delivered).toHaveLength(1);
        expect(JSON.parse(delivered[0])).toMatchObject({ response: { n: 2 }, isDisposed: true });
      } finally {
        await observer.close();
      }
    });

    it("passes the other service's error to the caller", async () => {
      await expect(client.request(`${prefix}.forward`, { to: 'fail', n: 1 }, 2000)).rejects.toEqual({
        code: 'TEST_FAILURE',
        message: 'Test failure',
      });
    });

    // nats-server tells only the publisher that nobody listens, and the publisher of a forward is not the caller.
    it('leaves the caller to its timeout when nobody listens where the request was forwarded', async () => {
      await expect(client.request(`${prefix}.forward`, { to: 'nobody', n: 1 }, 300)).rejects.toBeInstanceOf(
        RpcTimeoutError,
      );
      expect((client as unknown as { waiting: Map<string, unknown> }).waiting.size).toBe(0);
    });
  });

  describe('request (a promise instead of an observable)', () => {
    const waiting = () => (client as unknown as { waiting: Map<string, unknown> }).waiting.size;

    it('answers every concurrent request to its own caller', async () => {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, n) => client.request<{ n: number }>(`${prefix}.echo`, { n }, 2000)),
      );
      expect(answers).toEqual(Array.from({ length: 20 }, (_, n) => ({ n })));
      expect(waiting()).toBe(0);
    });

    it("rejects with the handler's error object", async () => {
      await expect(client.request(`${prefix}.fail`, {}, 2000)).rejects.toEqual({
        code: 'TEST_FAILURE',
        message: 'Test failure',
      });
      expect(waiting()).toBe(0);
    });

    it('rejects at once when nobody listens', async () => {
      const started = performance.now();
      await expect(client.request(`${prefix}.nobody`, {}, 10_000)).rejects.toBeInstanceOf(EmptyResponseException);
      expect(performance.now() - started).toBeLessThan(5000);
    });

    it('sends the requests made in one turn of the event loop together, once that turn is over', async () => {
      const connection = client.unwrap<NatsConnection>();
      const send = connection.publish.bind(connection);
      const waitingAtEachSend: number[] = [];
      jest.spyOn(connection, 'publish').mockImplementation((...args) => {
        waitingAtEachSend.push(waiting());
        send(...args);
      });
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, n) => client.request<{ n: number }>(`${prefix}.echo`, { n }, 2000)),
      );
      expect(answers).toEqual(Array.from({ length: 10 }, (_, n) => ({ n })));
      expect(waitingAtEachSend).toEqual(Array.from({ length: 10 }, () => 10));
    });

    it('fails at once, and forgets the request, when the connection refuses to send it', async () => {
      const tooLarge = { blob: 'x'.repeat(2 * 1024 * 1024) };
      await expect(client.request(`${prefix}.echo`, tooLarge, 10_000)).rejects.toThrow(/max_payload/);
      expect(waiting()).toBe(0);
    });

    it('gives up after its timeout and forgets the request', async () => {
      await expect(client.request(`${prefix}.slow`, {}, 50)).rejects.toBeInstanceOf(RpcTimeoutError);
      expect(waiting()).toBe(0);
      await sleep(400);
      await expect(client.request(`${prefix}.echo`, { n: 3 }, 2000)).resolves.toEqual({ n: 3 });
    });
  });
});
