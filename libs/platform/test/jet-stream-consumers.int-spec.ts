import { DEV_NATS_NKEY_SEEDS } from '@authsvc/config';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { PublishedEvent } from '@authsvc/contracts';
import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { ConsoleLogger, Controller, Module, type INestMicroservice } from '@nestjs/common';
import { startNatsMicroservice } from '../src/bootstrap/nats-microservice';
import { ApplicationReadiness } from '../src/health/application-readiness';
import { JetStreamConsumer } from '../src/nats/jet-stream-consumer.decorator';

// Consumers declared on a controller, run by startNatsMicroservice against a real nats-server with JetStream:
// each event is handled, a failed one is delivered again, and closing the application lets the event in hand
// finish and be acknowledged.
const NATS_URL = new URL('nats://127.0.0.1:4222');
// The development NATS has no authorization: any credential is accepted.
const NATS = { servers: [NATS_URL], user: 'test', seed: DEV_NATS_NKEY_SEEDS.gateway };
const id = randomBytes(4).toString('hex');
const STREAM = `CONSUMERS_TEST_${id}`;
const SUBJECT = `consumers-test.${id}.events`;
const DURABLE = `consumers-test-${id}`;

const handled: string[] = [];
const failures = new Set<string>();
let slow: { readonly eventId: string; readonly taken: () => void; readonly release: Promise<void> } | undefined;

@Controller()
class TestEventsNatsController {
  @JetStreamConsumer({ stream: STREAM, durableName: DURABLE, filterSubject: `${SUBJECT}.>` })
  async handle(event: PublishedEvent): Promise<void> {
    const { eventId } = event.metadata;
    if (failures.delete(eventId)) throw new Error(`${eventId} fails once`);
    if (slow?.eventId === eventId) {
      slow.taken();
      await slow.release;
    }
    handled.push(eventId);
  }
}

@Module({ controllers: [TestEventsNatsController] })
class TestEventsModule {}

function published(eventId: string): PublishedEvent {
  return {
    type: 'TestHappened',
    schemaVersion: 1,
    streamId: 'test-1',
    streamPosition: 1,
    globalPosition: '1',
    data: {},
    personal: null,
    metadata: {
      eventId,
      correlationId: eventId,
      causationId: null,
      actorId: null,
      occurredAt: new Date().toISOString(),
    },
  };
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let waited = 0; !(await condition()); waited += 20) {
    if (waited > 10_000) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

describe('JetStream consumers declared with @JetStreamConsumer', () => {
  let nc: NatsConnection;
  let manager: JetStreamManager;
  let app: INestMicroservice | undefined;
  const logger = new ConsoleLogger('test', { logLevels: ['error'] });
  const start = async () => {
    const service = await startNatsMicroservice(
      TestEventsModule,
      { nc, nats: NATS, logger, readiness: new ApplicationReadiness() },
      `consumers-test.${id}`,
    );
    return service.app;
  };
  const publish = (eventId: string) => jetstream(nc).publish(`${SUBJECT}.happened`, JSON.stringify(published(eventId)));

  beforeAll(async () => {
    nc = await connect({ servers: NATS_URL.host });
    manager = await jetstreamManager(nc);
    await manager.streams.add({ name: STREAM, subjects: [`${SUBJECT}.>`] });
  });

  afterAll(async () => {
    await app?.close();
    await manager.streams.delete(STREAM);
    await nc.close();
  });

  it('hands every event to the handler, and an event whose handler threw again later', async () => {
    app = await start();
    failures.add('e2');
    for (const eventId of ['e1', 'e2', 'e3']) await publish(eventId);
    await until(() => handled.includes('e2'), 'the redelivered event');
    expect(handled).toEqual(['e1', 'e3', 'e2']);
    const consumer = await manager.consumers.info(STREAM, DURABLE);
    expect(consumer.config.filter_subject).toBe(`${SUBJECT}.>`);
  });

  it('lets the event in hand finish and be acknowledged when the application closes', async () => {
    let release = () => {};
    let taken = () => {};
    const inHand = new Promise<void>((resolve) => (taken = resolve));
    slow = { eventId: 'e4', taken, release: new Promise<void>((resolve) => (release = resolve)) };
    await publish('e4');
    await inHand;
    let isClosed = false;
    const closed = app?.close().then(() => (isClosed = true));
    app = undefined;
    await sleep(100);
    expect(isClosed).toBe(false);
    expect(handled).not.toContain('e4');
    release();
    await closed;
    expect(handled).toContain('e4');
    // The server takes acknowledgements in asynchronously: it counts this one a moment later.
    await until(async () => (await manager.consumers.info(STREAM, DURABLE)).num_ack_pending === 0, 'the ack');
    expect((await manager.consumers.info(STREAM, DURABLE)).num_pending).toBe(0);
  });
});
