import { ORGANIZATION_EVENTS_STREAM } from '@authsvc/contracts';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { eventually, sleep } from './support/eventually.js';
import { organizationEventsOnBus, recordedEvents, recordedInvitations, signUpLoadOwner } from './support/load-owner.js';
import { describeFailure, SteadyLoad, type LoadUser } from './support/steady-load.js';
import { NATS_ADMIN, TestStack } from './support/test-stack.js';

/** The share of requests that may fail while a NATS node goes away (issue 33). */
const FAILURE_BUDGET = 0.001;

// Every app connects to the three nodes of a JetStream cluster whose streams keep three copies. The node leading the
// organization event stream is killed with SIGKILL under a steady load, then started again on its store: the apps
// move to the other nodes, no accepted write is lost (in the event log, and on the bus once each, in order), and the
// node rejoins with its copy brought up to date.
describe('a three-node NATS cluster losing a node under load', () => {
  let stack: TestStack;
  let db: pg.Client;
  let nc: NatsConnection;
  let manager: JetStreamManager;
  let user: LoadUser;

  beforeAll(async () => {
    stack = await TestStack.start(
      { RATE_LIMIT_ENABLED: 'false', INVITATION_LIMIT: '1000000', JETSTREAM_REPLICAS: '3' },
      { natsNodes: 3 },
    );
    db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    nc = await stack.connectNats(NATS_ADMIN);
    manager = await jetstreamManager(nc);
    user = await signUpLoadOwner(stack);
  }, 120_000);

  afterAll(async () => {
    await nc?.close();
    await db?.end();
    // A service that moved to another node while it held requests cannot answer them there: that node never gave it
    // them, so it refuses the replies (the callers' retries answer instead). Nothing else may be refused.
    await stack?.stop({ appRefusalsExpected: true });
    expect(stack.appRefusals().filter((line) => !/Publish Violation .* Subject "_INBOX\./.test(line))).toEqual([]);
  });

  /** The stream's copies as its leader reports them: the leader's name, and each follower's state. */
  async function copies() {
    const { cluster } = await manager.streams.info(ORGANIZATION_EVENTS_STREAM);
    return { leader: cluster?.leader, replicas: cluster?.replicas ?? [] };
  }

  it('streams are created with three copies', async () => {
    const { config } = await manager.streams.info(ORGANIZATION_EVENTS_STREAM);
    expect(config.num_replicas).toBe(3);
    const { leader, replicas } = await copies();
    expect([leader, ...replicas.map(({ name }) => name)].sort()).toEqual(['n0', 'n1', 'n2']);
  });

  it('loses no write and fails at most 0.1 % of requests when the stream leader is killed, and it rejoins', async () => {
    const before = await recordedInvitations(db, user.organizationId);
    const load = new SteadyLoad(stack.baseUrl, user);
    await sleep(1500);
    const { leader } = await copies();
    const killed = Number(leader!.slice(1));
    await stack.nats.kill(killed);
    await sleep(4000);
    await stack.nats.restart(killed);
    await sleep(1500);
    const report = await load.stop();
    // The figures the issue asks for, printed whatever the outcome; the apps' errors beside any failure.
    const failed =
      report.failures.length > 0 ? [...report.failures.slice(0, 5).map(describeFailure), ...stack.errorsLogged()] : [];
    process.stdout.write(
      `NATS node ${leader} killed: ${report.requests} requests, ${report.failures.length} failed, ` +
        `${report.invited.length} invitations accepted\n${failed.map((line) => `  ${line}\n`).join('')}`,
    );
    expect(report.failures.length).toBeLessThanOrEqual(report.requests * FAILURE_BUDGET);
    expect((await recordedInvitations(db, user.organizationId)) - before).toBe(report.invited.length);

    const recorded = await recordedEvents(db, user.organizationId);
    const positions = await eventually(
      async () => {
        const onBus = await organizationEventsOnBus(nc, user.organizationId);
        return onBus.length >= recorded ? onBus : undefined;
      },
      { what: 'every organization event on the bus', timeoutMs: 30_000 },
    );
    expect(positions).toEqual(Array.from({ length: recorded }, (_, index) => index + 1));

    const rejoined = await eventually(
      async () => {
        const { replicas } = await copies();
        const copy = replicas.find(({ name }) => name === leader);
        return copy?.current && !copy.offline ? copy : undefined;
      },
      { what: `${leader} to be a current copy again`, timeoutMs: 30_000 },
    );
    expect(rejoined.lag ?? 0).toBe(0);
  });
});
