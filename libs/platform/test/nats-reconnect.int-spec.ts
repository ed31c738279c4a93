import { DEV_NATS_NKEY_SEEDS } from '@authsvc/config';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Controller, Module, type INestMicroservice } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { MessagePattern } from '@nestjs/microservices';
import { defineRpc } from '@authsvc/contracts';
import { NatsNodes } from '../../../gateway/test/support/nats-nodes';
import { natsServerBinary } from '../../../gateway/test/support/stack-nats';
import { MultiplexedNatsClient } from '../src/nats/multiplexed-nats-client';
import { PlainSubjectNatsServer } from '../src/nats/plain-subject-nats-server';
import { RpcClient } from '../src/rpc/rpc-client';

// A call made while its NATS server is gone (a node killed, the client reconnecting), against a private nats-server
// killed and started again on its port: it is answered once the client is back (a later attempt, if the first was
// sent before the service listened again), instead of failing at once as an unexpected error.
const SUBJECT = 'nats-reconnect-test.echo';

class Numbered {
  n!: number;
}
const echo = defineRpc<Numbered, Numbered>(SUBJECT, Numbered);

@Controller()
class EchoController {
  @MessagePattern(SUBJECT)
  echo(payload: { n: number }) {
    return { n: payload.n };
  }
}

@Module({ controllers: [EchoController] })
class EchoModule {}

describe('a call while NATS reconnects', () => {
  let directory: string;
  let nats: NatsNodes;
  let server: INestMicroservice;
  let transport: MultiplexedNatsClient;
  let client: RpcClient;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'authsvc-nats-reconnect-'));
    const config = join(directory, 'nats-server.conf');
    writeFileSync(config, ''); // no authorization: any credential is accepted
    const binary = natsServerBinary();
    if (!binary) throw new Error('no nats-server binary here');
    nats = await NatsNodes.start({ binary, count: 1, config, directory, env: {}, log: () => undefined });
    const endpoint = { servers: [new URL(nats.urls[0])], user: 'test', seed: DEV_NATS_NKEY_SEEDS.gateway };
    server = await NestFactory.createMicroservice(EchoModule, {
      strategy: new PlainSubjectNatsServer(endpoint, 'nats-reconnect-test'),
      logger: false,
    });
    await server.listen();
    transport = new MultiplexedNatsClient(endpoint);
    await transport.connect();
    client = new RpcClient(transport, { totalMs: 10_000, attemptMs: 1_000 });
  });

  afterAll(async () => {
    await transport?.close();
    await server?.close();
    await nats?.stop();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  it('is answered once the client is back', async () => {
    expect(await client.call(echo, { n: 1 })).toEqual({ n: 1 });
    const disconnected = new Promise<void>((resolve) => transport.on('disconnect', () => resolve()));
    await nats.kill(0);
    await disconnected;

    const answer = client.call(echo, { n: 2 });
    await nats.restart(0);
    await expect(answer).resolves.toEqual({ n: 2 });
  });
});
