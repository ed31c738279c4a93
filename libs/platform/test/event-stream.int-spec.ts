import { randomBytes } from 'node:crypto';
import { jetstream, jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import { connect, nanos, type NatsConnection } from '@nats-io/transport-node';
import { ensureStream, eventStream } from '../src/nats/event-stream';

// Streams as services ensure them at start, against a real nats-server with JetStream: a service's mail
// requests move from its event stream (where a deployment before the mail-request stream had them) to a
// stream of their own with a shorter max_age, and starting again changes nothing.
const id = randomBytes(4).toString('hex');
const service = `streams-test-${id}`;
const EVENTS = `STREAMS_TEST_EVENTS_${id}`;
const MAIL = `STREAMS_TEST_MAIL_${id}`;
const HOUR_MS = 60 * 60 * 1000;
const mailStream = { name: MAIL, subjects: [`${service}.mail.>`], maxAgeMs: HOUR_MS };

describe('ensureStream', () => {
  let nc: NatsConnection;
  let manager: JetStreamManager;

  beforeAll(async () => {
    nc = await connect({ servers: '127.0.0.1:4222' });
    manager = await jetstreamManager(nc);
    // What earlier versions created: one stream for events and mail requests.
    await manager.streams.add({ name: EVENTS, subjects: [`${service}.events.>`, `${service}.mail.>`] });
  });

  afterAll(async () => {
    for (const name of [EVENTS, MAIL]) await manager.streams.delete(name).catch(() => undefined);
    await nc.close();
  });

  const ensureBoth = async () => {
    await ensureStream(nc, eventStream(EVENTS, service, 30));
    await ensureStream(nc, mailStream);
  };

  it('moves the mail-request subjects out of an existing event stream into their own stream', async () => {
    await ensureBoth();
    const events = await manager.streams.info(EVENTS);
    expect(events.config.subjects).toEqual([`${service}.events.>`]);
    expect(events.config.max_age).toBe(nanos(30 * 24 * HOUR_MS));
    const mail = await manager.streams.info(MAIL);
    expect(mail.config.subjects).toEqual([`${service}.mail.>`]);
    expect(mail.config.max_age).toBe(nanos(HOUR_MS));
    expect(mail.config.duplicate_window).toBe(nanos(10 * 60 * 1000));
  });

  it('is idempotent, and a mail request is then stored in the mail stream only', async () => {
    await ensureBoth();
    const ack = await jetstream(nc).publish(`${service}.mail.password-reset`, '{}');
    expect(ack.stream).toBe(MAIL);
    expect((await manager.streams.info(EVENTS)).state.messages).toBe(0);
  });

  it('keeps the duplicate window within a short max_age', async () => {
    await ensureStream(nc, { ...mailStream, maxAgeMs: 60_000 });
    const mail = await manager.streams.info(MAIL);
    expect(mail.config.max_age).toBe(nanos(60_000));
    expect(mail.config.duplicate_window).toBe(nanos(60_000));
  });

  it('asks for JETSTREAM_REPLICAS copies, creating and updating; one by default', async () => {
    await ensureStream(nc, { ...mailStream, replicas: 3 });
    expect((await manager.streams.info(MAIL)).config.num_replicas).toBe(3);
    await ensureStream(nc, mailStream);
    expect((await manager.streams.info(MAIL)).config.num_replicas).toBe(1);
    // A single server creates no stream with more than one copy: what JETSTREAM_REPLICAS=1 is for.
    const created = { name: `${MAIL}_NEW`, subjects: [`${service}.other.>`], maxAgeMs: HOUR_MS, replicas: 3 };
    await expect(ensureStream(nc, created)).rejects.toThrow(/replicas > 1 not supported/);
  });
});
