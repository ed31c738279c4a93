import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  BackEndConsumers,
  EVENT_SCHEMAS_DIRECTORY,
  ORGANIZATION_EVENTS_STREAM,
  type PublishedEvent,
} from '@authsvc/contracts';
import { ensureStream, eventStream } from '@authsvc/platform';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { MembershipState } from '../examples/subscriber.js';
import { eventually } from '../gateway/test/support/eventually.js';
import { NATS_ADMIN } from '../gateway/test/support/test-stack.js';
import { JetStreamMembershipDriver } from './support/jet-stream-membership-driver.js';
import { expectedMemberships, MEMBERSHIP_SCENARIO, type Memberships } from './support/membership-scenario.js';
import { PrivateNatsServer } from './support/private-nats-server.js';
import { SubscriberProcess } from './support/subscriber-process.js';

const MEMBERSHIP_TYPES = new Set(['MemberAdded', 'MemberRoleChanged', 'MemberRemoved']);
const { durableName } = BackEndConsumers.organizationEvents;

describe('examples/subscriber.ts, an internal system following the membership events', () => {
  let nats: PrivateNatsServer;
  let organization: NatsConnection;
  let admin: NatsConnection;
  let manager: JetStreamManager;
  let directory: string;
  let env: Record<string, string>;
  let driver: JetStreamMembershipDriver;
  const startedAt = new Date();

  beforeAll(async () => {
    nats = await PrivateNatsServer.start();
    // The stream as the organization service makes it, with its own credential.
    organization = await nats.connect('organization');
    await ensureStream(organization, eventStream(ORGANIZATION_EVENTS_STREAM, 'organization', 30));
    admin = await nats.connect(NATS_ADMIN);
    manager = await jetstreamManager(admin);
    directory = mkdtempSync(join(tmpdir(), 'authsvc-subscriber-'));
    env = {
      NATS_URL: nats.url,
      NATS_NKEY_SEED: nats.seedOf('backend'),
      STATE_FILE: join(directory, 'members.json'),
      // An event taken by the killed process comes again after this long, which the restart waits out.
      ACK_WAIT_SECONDS: '2',
      REPLAY_FROM: '',
    };
    driver = new JetStreamMembershipDriver(organization);
  });

  afterAll(async () => {
    await organization?.close();
    await admin?.close();
    await nats?.stop();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  const state = (): MembershipState => JSON.parse(readFileSync(env.STATE_FILE, 'utf8'));

  /** Every message of the stream, in its order (copies included). */
  async function stored(): Promise<PublishedEvent[]> {
    const { state: stream } = await manager.streams.info(ORGANIZATION_EVENTS_STREAM);
    const events: PublishedEvent[] = [];
    for (let seq = stream.first_seq; seq <= stream.last_seq; seq += 1) {
      events.push((await manager.streams.getMessage(ORGANIZATION_EVENTS_STREAM, { seq })).json<PublishedEvent>());
    }
    return events;
  }

  /** Once the subscriber acknowledged the whole stream. */
  async function caughtUp(subscriber: SubscriberProcess): Promise<void> {
    await eventually(
      async () => {
        if (!subscriber.running) throw new Error(`the subscriber exited:\n${subscriber.log}`);
        const { state: stream } = await manager.streams.info(ORGANIZATION_EVENTS_STREAM);
        const consumer = await manager.consumers.info(ORGANIZATION_EVENTS_STREAM, durableName);
        return consumer.ack_floor.stream_seq === stream.last_seq && consumer.num_pending === 0 ? true : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 50, what: 'the subscriber to acknowledge every event' },
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n--- subscriber ---\n${subscriber.log}`);
    });
  }

  /** The subscriber's members in the scenario's labels. */
  function membershipsOf(current: MembershipState): Memberships {
    const users = new Set(MEMBERSHIP_SCENARIO.flatMap((action) => ('user' in action ? [action.user] : [])));
    MEMBERSHIP_SCENARIO.forEach((action) => action.act === 'create' && users.add(action.owner));
    const labelOf = new Map([...users].map((user) => [driver.userId(user), user]));
    const organizations = [...new Set(MEMBERSHIP_SCENARIO.map((action) => action.organization))];
    return Object.fromEntries(
      organizations.map((label) => [
        label,
        Object.fromEntries(
          Object.values(current.organizations[driver.organizationId(label)]?.members ?? {}).map(({ userId, role }) => [
            labelOf.get(userId),
            role,
          ]),
        ),
      ]),
    );
  }

  it('applies each membership event once, in order, though killed with SIGKILL halfway and sent copies', async () => {
    const third = Math.ceil(MEMBERSHIP_SCENARIO.length / 3);
    for (const action of MEMBERSHIP_SCENARIO.slice(0, third)) await driver.play(action);
    let subscriber = SubscriberProcess.start(env);
    await caughtUp(subscriber);

    // Killed while the events of the second third arrive: it may hold one it applied but did not acknowledge.
    for (const action of MEMBERSHIP_SCENARIO.slice(third, third + 6)) await driver.play(action);
    expect(await subscriber.stop('SIGKILL')).toBeNull();
    for (const action of MEMBERSHIP_SCENARIO.slice(third + 6, 2 * third)) await driver.play(action);

    subscriber = SubscriberProcess.start(env);
    for (const action of MEMBERSHIP_SCENARIO.slice(2 * third)) await driver.play(action);
    await caughtUp(subscriber);
    expect(await subscriber.stop()).toBe(0);

    const messages = await stored();
    // Copies within the duplicate window were dropped by their Nats-Msg-Id; the late ones reached the subscriber.
    expect(messages).toHaveLength(driver.storedMessages);
    const firstCopies = messages.filter(
      (event, index) => messages.findIndex((other) => other.metadata.eventId === event.metadata.eventId) === index,
    );
    const membership = firstCopies.filter((event) => MEMBERSHIP_TYPES.has(event.type));
    expect(membership).toHaveLength(31);
    expect(messages.filter((event) => MEMBERSHIP_TYPES.has(event.type)).length).toBeGreaterThan(31);

    const final = state();
    expect(final.applied).toEqual(membership.map((event) => event.metadata.eventId));
    expect(membershipsOf(final)).toEqual(expectedMemberships(MEMBERSHIP_SCENARIO));
    for (const event of membership) {
      expect(final.organizations[event.data.organizationId].position).toBeGreaterThanOrEqual(event.streamPosition);
    }
    expect(nats.refusalsOfDeclaredUsers()).toEqual([]);
  });

  it('publishes the scenario in the format the JSON Schemas describe', async () => {
    const ajv = new Ajv2020({ allowUnionTypes: true });
    addFormats(ajv);
    for (const event of await stored()) {
      const schema = JSON.parse(readFileSync(join(EVENT_SCHEMAS_DIRECTORY, `${event.type}.json`), 'utf8'));
      const validate = ajv.getSchema(schema.$id) ?? ajv.compile(schema);
      expect({ [event.type]: validate(event) ? 'valid' : ajv.errorsText(validate.errors) }).toEqual({
        [event.type]: 'valid',
      });
    }
  });

  it('replays from a point in time: every event is delivered again, and none applied twice', async () => {
    const before = readFileSync(env.STATE_FILE, 'utf8');
    const subscriber = SubscriberProcess.start({ ...env, REPLAY_FROM: startedAt.toISOString() });
    await subscriber.wrote(/consuming/);
    await caughtUp(subscriber);
    const consumer = await manager.consumers.info(ORGANIZATION_EVENTS_STREAM, durableName);
    expect(consumer.delivered.consumer_seq).toBe(driver.storedMessages);
    expect(await subscriber.stop()).toBe(0);
    expect(readFileSync(env.STATE_FILE, 'utf8')).toBe(before);
    expect(nats.refusalsOfDeclaredUsers()).toEqual([]);
  });
});
