import { CommandHeaders, IdentityRpc, type StartedSession } from '@authsvc/contracts';
import { MultiplexedNatsClient } from '@authsvc/platform';
import { headers as natsHeaders } from '@nats-io/transport-node';
import { NatsRecordBuilder } from '@nestjs/microservices';
import pg from 'pg';
import { ACTOR_PASSWORD } from './support/actor.js';
import { sleep } from './support/eventually.js';
import { request, uniqueEmail } from './support/http.js';
import { recordedInvitations, signUpLoadOwner } from './support/load-owner.js';
import { RoundRobinProxy } from './support/round-robin-proxy.js';
import { SteadyLoad, type LoadReport, type LoadUser } from './support/steady-load.js';
import { NATS_ADMIN, TestStack, type ServiceReplica } from './support/test-stack.js';

const SHUTDOWN_TIMEOUT_MS = 10_000;
/** runService's margin past SHUTDOWN_TIMEOUT_MS before it ends a process by force. */
const CLOSE_MARGIN_MS = 5000;
const SERVICES = ['organization', 'session', 'identity'] as const;
type Service = (typeof SERVICES)[number];

// Two replicas of every service answering requests and two gateways behind a round-robin proxy, under a steady
// load of get-session, invitations to one organization and sign-ins: a replica killed with SIGKILL, or stopped with
// SIGTERM, fails no request (its calls are attempted again on the other replica) and applies no write twice.
describe('replicas killed and drained under load', () => {
  let stack: TestStack;
  let proxy: RoundRobinProxy;
  let db: pg.Client;
  let user: LoadUser;
  let gatewayReplica: string;

  beforeAll(async () => {
    stack = await TestStack.start({
      RATE_LIMIT_ENABLED: 'false',
      INVITATION_LIMIT: '1000000',
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
    });
    for (const service of SERVICES) await stack.startServiceReplica(service);
    gatewayReplica = await stack.startGatewayReplica();
    proxy = await RoundRobinProxy.start([stack.baseUrl, gatewayReplica]);
    db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    user = await signUpLoadOwner(stack);
  }, 120_000);

  afterAll(async () => {
    await proxy?.stop();
    await db?.end();
    await stack?.stop();
  });

  const invitationCount = () => recordedInvitations(db, user.organizationId);

  /** Runs the load, makes the fault halfway, and checks that no request failed and each invitation was made once. */
  async function underLoad(fault: () => Promise<void>): Promise<LoadReport> {
    const before = await invitationCount();
    const load = new SteadyLoad(proxy.url, user);
    await sleep(1500);
    await fault();
    await sleep(2000);
    const report = await load.stop();
    expect(report.failures).toEqual([]);
    expect(report.requests).toBeGreaterThan(10);
    expect((await invitationCount()) - before).toBe(report.invited.length);
    return report;
  }

  it.each(SERVICES)(
    'fails no request and applies no write twice when a %s replica is killed',
    async (service: Service) => {
      await underLoad(() => stack.kill(`${service}-replica`, 'SIGKILL'));
      await stack.startServiceReplica(service);
    },
  );

  it.each(SERVICES)(
    'drains a %s replica on SIGTERM: no request fails, and it exits 0 in time',
    async (service: Service) => {
      const replica: ServiceReplica = `${service}-replica`;
      let exit: { code: number | null; ms: number } | undefined;
      await underLoad(async () => {
        exit = await stack.signal(replica, 'SIGTERM');
      });
      expect(exit?.code).toBe(0);
      expect(exit!.ms).toBeLessThan(SHUTDOWN_TIMEOUT_MS + CLOSE_MARGIN_MS);
      await stack.startServiceReplica(service);
    },
  );

  it('drains the mailer on SIGTERM: it exits 0 in time', async () => {
    const exit = await stack.signal('mailer', 'SIGTERM');
    expect(exit.code).toBe(0);
    expect(exit.ms).toBeLessThan(SHUTDOWN_TIMEOUT_MS + CLOSE_MARGIN_MS);
    await stack.restart('mailer');
  });

  it('drains a gateway taken out of the load balancer: no request fails, and it exits 0 in time', async () => {
    let exit: { code: number | null; ms: number } | undefined;
    await underLoad(async () => {
      // As Kubernetes does: the endpoint is withdrawn, the preStop pause lets the balancer hear of it, then SIGTERM.
      proxy.remove(gatewayReplica);
      await sleep(500);
      exit = await stack.signal('gateway-replica', 'SIGTERM');
    });
    expect(exit?.code).toBe(0);
    expect(exit!.ms).toBeLessThan(SHUTDOWN_TIMEOUT_MS + CLOSE_MARGIN_MS);
  });

  it('decides racing writes on one organization again until each is made, from both replicas', async () => {
    const before = await invitationCount();
    const answers = await Promise.all(
      Array.from({ length: 24 }, () =>
        request(`${proxy.url}/api/auth/organization/invite-member`, {
          method: 'POST',
          headers: { cookie: user.cookie, origin: user.origin, 'content-type': 'application/json' },
          body: JSON.stringify({ email: uniqueEmail('race'), role: 'member', organizationId: user.organizationId }),
        }),
      ),
    );
    expect(answers.map(({ status, body }) => (status === 200 ? 200 : body))).toEqual(answers.map(() => 200));
    expect((await invitationCount()) - before).toBe(24);
  });

  describe('a command delivered twice under one command id', () => {
    let nats: MultiplexedNatsClient;

    beforeAll(() => {
      nats = new MultiplexedNatsClient(stack.natsEndpoint(NATS_ADMIN));
    });

    afterAll(async () => {
      await nats?.close();
    });

    const register = (email: string, commandId: string, attempt: number) => {
      const headers = natsHeaders();
      headers.set(CommandHeaders.id, commandId);
      headers.set(CommandHeaders.attempt, String(attempt));
      const client = { ipAddress: '203.0.113.7', userAgent: 'failover-test', rememberMe: true };
      const body = { name: 'Twice', email, password: ACTOR_PASSWORD, correlationId: commandId, ...client };
      return nats.request<StartedSession>(
        IdentityRpc.registerUser.subject,
        new NatsRecordBuilder(body).setHeaders(headers).build(),
        10_000,
      );
    };

    async function registrations(email: string): Promise<number> {
      const { rows } = await db.query<{ count: string }>(
        "SELECT count(*) FROM identity.events WHERE type = 'UserRegistered' AND stream_id IN " +
          '(SELECT stream_id FROM identity.applied_commands WHERE command_id LIKE $1)',
        [`${email}%`],
      );
      return Number(rows[0].count);
    }

    it('is applied once, and the repeat answers what the first did (not that the user exists)', async () => {
      const email = uniqueEmail('twice');
      const first = await register(email, `${email}/1`, 1);
      const repeat = await register(email, `${email}/1`, 2);
      // The session the registration started (handed on to the session service under the same command id) too.
      expect(repeat.user.id).toBe(first.user.id);
      expect(repeat).toEqual(first);
      expect(await registrations(email)).toBe(1);
    });

    it('is applied once when both copies arrive at once, each answered with the one user', async () => {
      const email = uniqueEmail('together');
      const [one, other] = await Promise.all([register(email, `${email}/1`, 1), register(email, `${email}/1`, 1)]);
      expect(other.user.id).toBe(one.user.id);
      expect(other.session.id).toBe(one.session.id);
      expect(await registrations(email)).toBe(1);
    });
  });
});
