import { NATS_ACCESS } from '@authsvc/contracts';
import { natsConnectionOptions, type NatsEndpoint } from '@authsvc/platform';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { eventually } from './eventually.js';
import { freePort } from './free-port.js';
import type { NatsNodes } from './nats-nodes.js';
import { SmtpSink } from './smtp-sink.js';
import { AppProcesses, appOf, STACK_APPS, type AppName, type ServiceReplica } from './stack-apps.js';
import { dropAbandonedDatabases, dropDatabaseLater } from './stack-databases.js';
import { stackEnv } from './stack-env.js';
import { NATS_ADMIN, StackNats } from './stack-nats.js';
import { createMigratedDatabase } from './template-database.js';

export type { AppName, ServiceReplica } from './stack-apps.js';
export { NATS_ADMIN, natsServerBinary } from './stack-nats.js';

/**
 * The built system as a user runs it: the four services and the gateway as separate processes against
 * real PostgreSQL (a database of its own, `authsvc_test_<random>`, a copy of the migrated template made for the
 * run (template-database.ts), dropped after stop), Redis (database 1) and a private NATS server with JetStream,
 * enforcing nats/nats-server.conf with a fresh credential per NATS user. Nothing is shared with a running development stack,
 * with another stack, or with the next run.
 */
export class TestStack {
  readonly baseUrl: string;
  readonly databaseUrl: string;
  private readonly apps = new AppProcesses();
  private readonly natsServers = new StackNats();
  /** Variables one app gets on top of the stack's (a replica pointed elsewhere). */
  private readonly appEnv = new Map<AppName, Record<string, string>>();
  /** Each gateway's health and metrics port (a service's only port is its health port: `ports`). */
  private readonly gatewayHealthPorts = new Map<AppName, number>();
  private smtp?: SmtpSink;
  private readonly natsRefusals: string[] = [];

  private constructor(
    private readonly env: Record<string, string>,
    private readonly ports: Partial<Record<AppName, number>>,
  ) {
    this.baseUrl = `http://localhost:${ports.gateway}`;
    this.databaseUrl = env.DATABASE_URL;
  }

  /** `natsNodes` above 1 runs NATS as a JetStream cluster of that many nodes (the apps get every node's URL). */
  static async start(extraEnv: Record<string, string> = {}, { natsNodes = 1 } = {}): Promise<TestStack> {
    await dropAbandonedDatabases();
    const ports = {
      identity: await freePort(),
      session: await freePort(),
      organization: await freePort(),
      mailer: await freePort(),
      gateway: await freePort(),
    };
    const stack = new TestStack(stackEnv(ports.gateway, extraEnv), ports);
    stack.gatewayHealthPorts.set('gateway', await freePort());
    try {
      // A copy of the migrated template unless the suite names a database of its own (the services create that).
      // The copy is made while the apps load their code: they reach PostgreSQL a second or more after their
      // start, and one that came first would create the database and migrate it itself (see createMigratedDatabase).
      const database = extraEnv.DATABASE_URL ? undefined : new URL(stack.databaseUrl).pathname.slice(1);
      const copied = database ? createMigratedDatabase(database) : Promise.resolve();
      copied.catch(() => undefined); // awaited below; a NATS failure first must not leave it unhandled
      await stack.startNats(natsNodes);
      for (const app of STACK_APPS) stack.spawn(app);
      await Promise.all([copied, ...STACK_APPS.map((app) => stack.waitReady(app))]);
    } catch (error) {
      // A stack that failed to start stops what it started: its processes would keep Jest from ever exiting.
      await stack.stop().catch(() => undefined);
      throw error;
    }
    return stack;
  }

  /** A stack whose mailer delivers to a fresh SMTP sink (the tests read its mails); `stop()` stops the sink too. */
  static async startWithSmtp(extraEnv: Record<string, string> = {}): Promise<{ stack: TestStack; smtp: SmtpSink }> {
    const smtp = new SmtpSink(await freePort());
    await smtp.start();
    const stack = await TestStack.start({ SMTP_URL: smtp.url, ...extraEnv }).catch(async (error: unknown) => {
      await smtp.stop();
      throw error;
    });
    stack.smtp = smtp;
    return { stack, smtp };
  }

  /** The NATS server (or the cluster's, comma-separated) the stack's services listen on, as NATS_URL says. */
  get natsUrl(): string {
    return this.env.NATS_URL ?? 'nats://127.0.0.1:4222';
  }

  /** The stack's own NATS servers, to kill and restart one (none when it uses the environment's NATS). */
  get nats(): NatsNodes {
    if (!this.natsServers.nodes) throw new Error('this stack runs no NATS server of its own');
    return this.natsServers.nodes;
  }

  /** Where NATS `user` connects, with its credential: for the NATS library, Nest's client or ours. */
  natsEndpoint(user: string): NatsEndpoint {
    return { servers: this.natsUrl.split(',').map((url) => new URL(url)), user, seed: this.natsSeed(user) };
  }

  /**
   * Connection options of NATS `user` (an app, or `backend`), for the NATS library or Nest's NATS client;
   * `NATS_ADMIN` may do anything (the tests' own set-up), and is no app's.
   */
  natsOptions(user: string) {
    return natsConnectionOptions(this.natsEndpoint(user));
  }

  /** A NATS connection as `user`, to every server of the stack. */
  connectNats(user: string): Promise<NatsConnection> {
    return connect(this.natsOptions(user));
  }

  /** The nkey seed of NATS `user` in this stack, for a process of the test's own (a back end's subscriber). */
  natsSeed(user: string): string {
    return this.natsServers.seed(user);
  }

  url(path: string): string {
    return `${this.baseUrl}${path}`;
  }

  /** A URL on an app's health port (`/health/…`, `/metrics`): the gateway's own, or a service's only port. */
  healthUrl(app: AppName, path: string): string {
    return `http://127.0.0.1:${this.gatewayHealthPorts.get(app) ?? this.ports[app]}${path}`;
  }

  /**
   * Starts a second gateway replica beside the first (same services, NATS and Redis, unless `env` says
   * otherwise); its base URL.
   */
  async startGatewayReplica(env: Record<string, string> = {}): Promise<string> {
    this.ports['gateway-replica'] = await freePort();
    this.gatewayHealthPorts.set('gateway-replica', await freePort());
    this.appEnv.set('gateway-replica', env);
    this.spawn('gateway-replica');
    await this.waitReady('gateway-replica');
    return `http://localhost:${this.ports['gateway-replica']}`;
  }

  /** Starts a second replica of a service beside the first (same database, NATS and Redis); ready when it resolves. */
  async startServiceReplica(service: 'identity' | 'session' | 'organization'): Promise<ServiceReplica> {
    const replica: ServiceReplica = `${service}-replica`;
    this.ports[replica] = await freePort();
    this.spawn(replica);
    await this.waitReady(replica);
    return replica;
  }

  /** Sends a process a signal and waits for its exit code and the milliseconds it took to exit. */
  signal(app: AppName, signal: NodeJS.Signals): Promise<{ code: number | null; ms: number }> {
    return this.apps.signal(app, signal);
  }

  /** Ends a process the hard way (kill -9 by default), as a crash would. */
  kill(app: AppName, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    return this.apps.kill(app, signal);
  }

  /** Restarts an app, with `env` on top of the stack's variables when given. */
  async restart(app: AppName, env?: Record<string, string>): Promise<void> {
    await this.kill(app, 'SIGTERM');
    if (env) this.appEnv.set(app, env);
    this.spawn(app);
    await this.waitReady(app);
  }

  /**
   * Stops everything, then fails if nats-server refused a declared user (an app, or the back end the tests act
   * as) anything it tried: the generated authorization must allow each all it does in the suite. A suite that
   * uses a credential for what it may not do says so with `appRefusalsExpected`.
   */
  async stop({ appRefusalsExpected = false } = {}): Promise<void> {
    // Killed, not drained: nothing of the stack outlives it, and a graceful exit (tested where it matters:
    // failover, graceful-drain) cost every suite a drain of five processes.
    await Promise.all(this.apps.running().map((app) => this.kill(app)));
    await this.natsServers.stop();
    dropDatabaseLater(this.databaseUrl);
    await this.smtp?.stop();
    const refusals = this.appRefusals();
    if (refusals.length > 0 && !appRefusalsExpected) {
      throw new Error(`nats-server refused the apps (permissions too tight?):\n${refusals.join('\n')}`);
    }
  }

  /** nats-server's log lines of what it refused to the declared users' credentials (strangers' excluded). */
  appRefusals(): string[] {
    const keys = NATS_ACCESS.map(({ user }) => this.publicKey(user));
    return this.natsRefusals.filter((line) => keys.some((key) => line.includes(key)));
  }

  /** The error lines the apps logged lately (their last lines kept): what a test prints beside failed requests. */
  errorsLogged(): string[] {
    return this.apps.errorsLogged();
  }

  logsOf(app: AppName | 'nats'): string {
    return this.apps.logsOf(app);
  }

  private async startNats(count: number): Promise<void> {
    // Every refusal nats-server logs is kept, not only its last lines: `stop` reports those to the declared users.
    const log = this.apps.keepLog('nats', (lines) =>
      this.natsRefusals.push(...lines.filter((line) => /Violation|authentication error/.test(line))),
    );
    const urls = await this.natsServers.start(count, log);
    if (!urls) return;
    this.env.NATS_URL = urls.join(',');
    // A cluster takes JetStream requests once its nodes have elected a leader: the services create streams at start.
    const nc = await this.firstNatsConnection();
    try {
      const manager = await jetstreamManager(nc, { checkAPI: false });
      await eventually(() => manager.getAccountInfo(), { what: 'JetStream to answer', timeoutMs: 30_000 });
    } finally {
      await nc.close();
    }
  }

  /**
   * The test's first connection to its fresh NATS, tried again for half a minute: twice in CI a handshake with a node
   * that had already greeted the test went unanswered for the client's whole 20 s. A failure brings the node's log.
   */
  private firstNatsConnection(): Promise<NatsConnection> {
    const attempt = () => connect({ ...this.natsOptions(NATS_ADMIN), timeout: 5_000 });
    return eventually(attempt, { what: `a connection to NATS at ${this.natsUrl}`, timeoutMs: 30_000 }).catch(
      (error: Error) => {
        throw new Error(`${error.message}\n--- nats log ---\n${this.logsOf('nats')}`);
      },
    );
  }

  private spawn(app: AppName): void {
    const gateway = appOf(app) === 'gateway';
    this.apps.spawn(app, {
      ...process.env,
      ...this.env,
      NATS_NKEY_SEED: this.natsSeed(appOf(app)),
      ...this.appEnv.get(app),
      [gateway ? 'PORT' : 'HEALTH_PORT']: String(this.ports[app]),
      ...(gateway ? { HEALTH_PORT: String(this.gatewayHealthPorts.get(app)) } : {}),
    });
  }

  private publicKey(user: string): string {
    return this.natsServers.publicKey(user);
  }

  /** Resolves once a running app answers its readiness probe with 200 (30 s at most). */
  waitReady(app: AppName): Promise<void> {
    return this.apps.waitReady(app, this.ports[app]);
  }
}
