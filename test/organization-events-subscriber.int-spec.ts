import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EVENT_SCHEMAS_DIRECTORY, ORGANIZATION_EVENTS_STREAM } from '@authsvc/contracts';
import { ensureStream, eventStream } from '@authsvc/platform';
import type { NatsConnection } from '@nats-io/transport-node';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { NATS_ADMIN } from '../gateway/test/support/test-stack.js';
import { JetStreamMembershipDriver } from './support/jet-stream-membership-driver.js';
import { expectedMemberships, inLabels, MEMBERSHIP_SCENARIO } from './support/membership-scenario.js';
import { MEMBERSHIP_EVENT_TYPES, OrganizationEventsStream } from './support/organization-events-stream.js';
import { PrivateNatsServer } from './support/private-nats-server.js';
import { playAcrossASubscriberCrash } from './support/subscriber-crash-run.js';
import { SubscriberProcess } from './support/subscriber-process.js';

describe('examples/subscriber.ts, an internal system following the membership events', () => {
  let nats: PrivateNatsServer;
  let organization: NatsConnection;
  let admin: NatsConnection;
  let stream: OrganizationEventsStream;
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
    stream = await OrganizationEventsStream.over(admin);
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

  it('applies each membership event once, in order, though killed with SIGKILL halfway and sent copies', async () => {
    await playAcrossASubscriberCrash(MEMBERSHIP_SCENARIO, driver, env, (subscriber) =>
      stream.acknowledgedBy(subscriber),
    );

    const messages = await stream.messages();
    // Copies within the duplicate window were dropped by their Nats-Msg-Id; the late ones reached the subscriber.
    expect(messages).toHaveLength(driver.storedMessages);
    const firstCopies = messages.filter(
      (event, index) => messages.findIndex((other) => other.metadata.eventId === event.metadata.eventId) === index,
    );
    const membership = firstCopies.filter((event) => MEMBERSHIP_EVENT_TYPES.has(event.type));
    expect(membership).toHaveLength(31);
    expect(messages.filter((event) => MEMBERSHIP_EVENT_TYPES.has(event.type)).length).toBeGreaterThan(31);

    const final = SubscriberProcess.stateOf(env);
    expect(final.applied).toEqual(membership.map((event) => event.metadata.eventId));
    const observed = (id: string) => Object.values(final.organizations[id]?.members ?? {});
    expect(inLabels(MEMBERSHIP_SCENARIO, driver, observed)).toEqual(expectedMemberships(MEMBERSHIP_SCENARIO));
    for (const event of membership) {
      expect(final.organizations[event.data.organizationId].position).toBeGreaterThanOrEqual(event.streamPosition);
    }
    expect(nats.refusalsOfDeclaredUsers()).toEqual([]);
  });

  it('publishes the scenario in the format the JSON Schemas describe', async () => {
    const ajv = new Ajv2020({ allowUnionTypes: true });
    addFormats(ajv);
    for (const event of await stream.messages()) {
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
    await stream.acknowledgedBy(subscriber);
    const consumer = await stream.consumer();
    expect(consumer.delivered.consumer_seq).toBe(driver.storedMessages);
    expect(await subscriber.stop()).toBe(0);
    expect(readFileSync(env.STATE_FILE, 'utf8')).toBe(before);
    expect(nats.refusalsOfDeclaredUsers()).toEqual([]);
  });
});
