import { DEV_NATS_NKEY_SEEDS } from '@authsvc/config';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { ConsoleLogger, Controller, Module } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { startNatsMicroservice, type NatsMicroservice } from '../src/bootstrap/nats-microservice';
import { ApplicationReadiness, type ServedApplication } from '../src/health/application-readiness';
import { healthReport } from '../src/health/health-server';
import { JetStreamConsumer } from '../src/nats/jet-stream-consumer.decorator';

// Readiness of a service's NATS application, against a real nats-server: what Kubernetes and the test stacks
// wait for before they send requests.
const NATS_URL = new URL('nats://127.0.0.1:4222');
// The development NATS has no authorization: any credential is accepted.
const NATS = { servers: [NATS_URL], user: 'test', seed: DEV_NATS_NKEY_SEEDS.gateway };
const id = randomBytes(4).toString('hex');
const RPC_SUBJECT = `readiness-test.${id}.rpc.ping`;
const SLOW_SUBJECT = `readiness-test.${id}.rpc.slow`;
const STREAM = `READINESS_TEST_${id}`;
const EVENTS = `readiness-test.${id}.events`;

@Controller()
class PingNatsController {
  @MessagePattern(RPC_SUBJECT)
  ping(): string {
    return 'pong';
  }

  @MessagePattern(SLOW_SUBJECT)
  async slow(): Promise<string> {
    await sleep(500);
    return 'done';
  }

  @JetStreamConsumer({ stream: STREAM, durableName: `readiness-test-${id}`, filterSubject: `${EVENTS}.>` })
  async handle(): Promise<void> {}
}

@Module({ controllers: [PingNatsController] })
class PingModule {}

/** Asks the application the moment it says it serves, as a caller that trusts readiness would. */
class ProbedReadiness extends ApplicationReadiness {
  firstAnswer?: Promise<unknown>;

  constructor(private readonly nc: NatsConnection) {
    super();
  }

  override serve(application: ServedApplication): void {
    super.serve(application);
    const packet = JSON.stringify({ pattern: RPC_SUBJECT, data: {}, id: 'first' });
    this.firstAnswer = this.nc.request(RPC_SUBJECT, packet, { timeout: 2000 }).then((reply) => reply.json());
  }
}

describe('readiness of a NATS microservice', () => {
  let nc: NatsConnection;
  let manager: JetStreamManager;
  let service: NatsMicroservice | undefined;
  const logger = new ConsoleLogger('test', { logLevels: ['error'] });

  beforeAll(async () => {
    nc = await connect({ servers: NATS_URL.host });
    manager = await jetstreamManager(nc);
  });

  afterAll(async () => {
    await service?.app.close();
    await manager.streams.delete(STREAM).catch(() => undefined);
    await nc.close();
  });

  it('is ready only once its subjects answer and its consumers are bound, and not from its drain on', async () => {
    const readiness = new ProbedReadiness(nc);
    const report = () => healthReport('test', readiness.checks());
    expect(await report()).toEqual({
      status: 'unavailable',
      service: 'test',
      checks: { subscriptions: 'down', consumers: 'down', accepting: 'up' },
    });

    service = await startNatsMicroservice(PingModule, { nc, nats: NATS, logger, readiness }, `readiness-test.${id}`);
    expect(await readiness.firstAnswer).toMatchObject({ id: 'first', response: 'pong' });
    // Its consumer's stream does not exist yet (another service makes it): not ready, though it answers.
    expect((await report()).checks).toEqual({ subscriptions: 'up', consumers: 'down', accepting: 'up' });
    await manager.streams.add({ name: STREAM, subjects: [`${EVENTS}.>`] });
    for (let waited = 0; (await report()).status !== 'ok'; waited += 100) {
      if (waited > 10_000) throw new Error('not ready after its stream appeared');
      await sleep(100);
    }

    // SIGTERM: a request in hand is answered; readiness is down at once; new requests find nobody here.
    const packet = JSON.stringify({ pattern: SLOW_SUBJECT, data: {}, id: 'slow' });
    const inHand = nc.request(SLOW_SUBJECT, packet, { timeout: 5000 }).then((reply) => reply.json());
    await sleep(100);
    const drained = service.drain(5000);
    expect((await report()).checks).toMatchObject({ accepting: 'down' });
    await expect(inHand).resolves.toMatchObject({ id: 'slow', response: 'done' });
    await drained;
    service = undefined;
    await expect(nc.request(RPC_SUBJECT, packet, { timeout: 1000 })).rejects.toThrow(/no responders/);
    expect((await report()).checks).toEqual({ subscriptions: 'down', consumers: 'down', accepting: 'down' });
  });
});
