import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BackEndNatsAccess } from '@authsvc/contracts';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { eventually } from '../gateway/test/support/eventually.js';
import { NATS_ADMIN, TestStack } from '../gateway/test/support/test-stack.js';
import { GatewayMembershipDriver } from './support/gateway-membership-driver.js';
import {
  expectedMemberships,
  inLabels,
  MEMBERSHIP_SCENARIO,
  organizationsOf,
  type Memberships,
  type ObservedMember,
} from './support/membership-scenario.js';
import { MEMBERSHIP_EVENT_TYPES, OrganizationEventsStream } from './support/organization-events-stream.js';
import { playAcrossASubscriberCrash } from './support/subscriber-crash-run.js';
import { SubscriberProcess } from './support/subscriber-process.js';

interface RecordedEvent {
  event_id: string;
}

/**
 * examples/subscriber.ts against the real system: the scenario played through the gateway (and the back end's
 * add-member request), the events as the organization service records and its relay publishes them.
 */
describe('examples/subscriber.ts following the organization service, the scenario played through the gateway', () => {
  let stack: TestStack;
  let db: pg.Client;
  let admin: NatsConnection;
  let backEnd: NatsConnection;
  let stream: OrganizationEventsStream;
  let driver: GatewayMembershipDriver;
  let directory: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    stack = await TestStack.start();
    db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    admin = await connect(stack.natsOptions(NATS_ADMIN));
    backEnd = await connect(stack.natsOptions(BackEndNatsAccess.user));
    stream = await OrganizationEventsStream.over(admin);
    driver = await GatewayMembershipDriver.signUp(stack, backEnd, MEMBERSHIP_SCENARIO);
    directory = mkdtempSync(join(tmpdir(), 'authsvc-subscriber-'));
    env = {
      NATS_URL: stack.natsUrl,
      NATS_NKEY_SEED: stack.natsSeed(BackEndNatsAccess.user),
      STATE_FILE: join(directory, 'members.json'),
      // An event taken by the killed process comes again after this long, which the restart waits out.
      ACK_WAIT_SECONDS: '2',
      REPLAY_FROM: '',
    };
  });

  afterAll(async () => {
    await admin?.close();
    await backEnd?.close();
    await db?.end();
    // Also fails if nats-server refused the back end anything the subscriber or the driver did.
    await stack?.stop();
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  /** The events the organization service recorded for the scenario's organizations, in the order of its log. */
  async function recorded(): Promise<RecordedEvent[]> {
    const streamIds = organizationsOf(MEMBERSHIP_SCENARIO).map(
      (label) => `organization-${driver.organizationId(label)}`,
    );
    const { rows } = await db.query<RecordedEvent>(
      'SELECT event_id FROM organization.events WHERE stream_id = ANY($1) ORDER BY global_position',
      [streamIds],
    );
    return rows;
  }

  /** Once the relay published all the service recorded, and the subscriber acknowledged it. */
  async function caughtUp(subscriber: SubscriberProcess): Promise<void> {
    await eventually(
      async () => {
        const { rows } = await db.query<{ count: string }>('SELECT count(*) FROM organization.events');
        return (await stream.size()) >= Number(rows[0].count) ? true : undefined;
      },
      { what: 'the outbox relay to publish every recorded event' },
    );
    await stream.acknowledgedBy(subscriber);
  }

  /** The members the subscriber keeps, in the scenario's labels. */
  const seenBySubscriber = (): Memberships => {
    const { organizations } = SubscriberProcess.stateOf(env);
    return inLabels(MEMBERSHIP_SCENARIO, driver, (id) => Object.values(organizations[id]?.members ?? {}));
  };

  it('applies each membership event the service published once, in order, though killed with SIGKILL halfway', async () => {
    await playAcrossASubscriberCrash(MEMBERSHIP_SCENARIO, driver, env, caughtUp);

    const scenarioEvents = await recorded();
    const scenarioIds = new Set(scenarioEvents.map((event) => event.event_id));
    const published = (await stream.messages()).filter((event) => scenarioIds.has(event.metadata.eventId));
    // Each recorded event published once, in the order of the service's log (which keeps each organization's).
    expect(published.map((event) => event.metadata.eventId)).toEqual(scenarioEvents.map((event) => event.event_id));
    const membership = published.filter((event) => MEMBERSHIP_EVENT_TYPES.has(event.type));
    expect(membership).toHaveLength(MEMBERSHIP_SCENARIO.filter((action) => action.act !== 'create-team').length);

    const { applied } = SubscriberProcess.stateOf(env);
    expect(new Set(applied).size).toBe(applied.length);
    expect(applied.filter((id) => scenarioIds.has(id))).toEqual(membership.map((event) => event.metadata.eventId));
    expect(seenBySubscriber()).toEqual(expectedMemberships(MEMBERSHIP_SCENARIO));
  });

  it('ends with the members that list-members answers through the gateway', async () => {
    const listed = new Map<string, readonly ObservedMember[]>();
    for (const label of organizationsOf(MEMBERSHIP_SCENARIO)) {
      const organizationId = driver.organizationId(label);
      const answer = await driver
        .ownerOf(label)
        .get<{ members: ObservedMember[] }>('/organization/list-members', { organizationId });
      expect(answer.status).toBe(200);
      listed.set(organizationId, answer.body.members);
    }
    const throughGateway = inLabels(MEMBERSHIP_SCENARIO, driver, (id) => listed.get(id) ?? []);
    expect(throughGateway).toEqual(expectedMemberships(MEMBERSHIP_SCENARIO));
    expect(seenBySubscriber()).toEqual(throughGateway);
  });
});
