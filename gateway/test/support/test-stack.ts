import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NATS_ACCESS } from '@authsvc/contracts';
import { natsConnectionOptions, natsPublicKeyVariable, type NatsEndpoint } from '@authsvc/platform';
import { NATS_SERVER_CONFIG } from '../../../scripts/nats-config/nats-server-config-files.js';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect, nkeys, type NatsConnection } from '@nats-io/transport-node';
import { eventually } from './eventually.js';
import { freePort } from './free-port.js';
import { NatsNodes } from './nats-nodes.js';
import { SmtpSink } from './smtp-sink.js';
import { createMigratedDatabase, dropStaleTemplates, withAdmin } from './template-database.js';
import { TEST_REDIS_URL } from './test-redis';

export type AppName =
  'identity' | 'session' | 'organization' | 'mailer' | 'gateway' | 'gateway-replica' | ServiceReplica;
/** A second replica of a service answering requests (`startServiceReplica`). */
export type ServiceReplica = 'identity-replica' | 'session-replica' | 'organization-replica';

const ENTRY_POINTS: Record<AppName, string> = {
  identity: 'services/identity/dist/main.js',
  session: 'services/session/dist/main.js',
  organization: 'services/organization/dist/main.js',
  mailer: 'services/mailer/dist/main.js',
  gateway: 'gateway/dist/main.js',
  'gateway-replica': 'gateway/dist/main.js',
  'identity-replica': 'services/identity/dist/main.js',
  'session-replica': 'services/session/dist/main.js',
  'organization-replica': 'services/organization/dist/main.js',
};

/** The app a process runs (a replica is its app's). */
function appOf(name: AppName): string {
  return name.replace(/-replica$/, '');
}
/** What `start` runs; a second gateway replica only on request. */
const STACK_APPS: readonly AppName[] = ['identity', 'session', 'organization', 'mailer', 'gateway'];

/** The app a replica is one of: its NATS user and the service its health names. */

const ROOT = process.cwd();
const ADMIN_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

function randomSuffix(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
}

const TEST_DATABASE = /^authsvc_test_([a-z0-9]+)[a-z0-9]{6}$/;
/** Databases of stacks whose run was killed before `stop` are dropped by a later run after this long. */
const ABANDONED_AFTER_MS = 60 * 60 * 1000;

/** Drops a stack's database in a detached process (drop-database.mjs): the suite goes on meanwhile. */
function dropDatabaseLater(databaseUrl: string): void {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!TEST_DATABASE.test(name)) return;
  spawn(process.execPath, [join(ROOT, 'gateway/test/support/drop-database.mjs'), name], {
    cwd: ROOT,
    detached: true,
    stdio: 'ignore',
  }).unref();
}

async function dropAbandonedDatabases(): Promise<void> {
  await withAdmin(async (admin) => {
    const { rows } = await admin.query<{ datname: string }>(
      "SELECT datname FROM pg_database WHERE datname LIKE 'authsvc_test_%'",
    );
    for (const { datname } of rows) {
      const createdAt = parseInt(TEST_DATABASE.exec(datname)?.[1] ?? '', 36);
      if (Date.now() - createdAt > ABANDONED_AFTER_MS)
        await admin.query(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
    }
    await dropStaleTemplates(admin);
  });
}
const LOG_TAIL = 60;

/** A NATS user of the test stacks alone, allowed everything. */
export const NATS_ADMIN = 'test-admin';

export function natsServerBinary(): string | undefined {
  for (const candidate of ['nats-server', '/usr/sbin/nats-server', '/usr/local/bin/nats-server']) {
    if (spawnSync(candidate, ['--version']).status === 0) return candidate;
  }
  return undefined;
}

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
  private readonly processes = new Map<AppName, ChildProcess>();
  private readonly logs = new Map<AppName | 'nats', string[]>();
  /** Variables one app gets on top of the stack's (a replica pointed elsewhere). */
  private readonly appEnv = new Map<AppName, Record<string, string>>();
  /** Each gateway's health and metrics port (a service's only port is its health port: `ports`). */
  private readonly gatewayHealthPorts = new Map<AppName, number>();
  private natsNodes?: NatsNodes;
  private smtp?: SmtpSink;
  private natsDirectory?: string;
  private readonly natsRefusals: string[] = [];
  /** A fresh nkey seed per NATS user, made for this stack. */
  private readonly natsSeeds = new Map(
    [...NATS_ACCESS.map(({ user }) => user), NATS_ADMIN].map((user) => [
      user,
      new TextDecoder().decode(nkeys.createUser().getSeed()),
    ]),
  );

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
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      BASE_URL: `http://localhost:${ports.gateway}`,
      DATABASE_URL: `${ADMIN_DATABASE_URL.replace(/\/postgres$/, '')}/authsvc_test_${randomSuffix()}`,
      REDIS_URL: TEST_REDIS_URL,
      // The tests stand in for a proxy on loopback: each names its own client with x-forwarded-for.
      TRUSTED_PROXIES: '127.0.0.1, ::1',
      // Suites run side by side on two cores, and hashes run at the lowest priority: a stack's first sign-up
      // once took over 3 s while other stacks were starting. A down service still answers 503 at once.
      RPC_TIMEOUT_MS: '10000',
      BCRYPT_COST: '4',
      // The services start together, each creating its own streams: a consumer whose stream is not there yet looks
      // again soon, rather than holding its service's readiness for up to a second.
      CONSUMER_STREAM_WAIT_MS: '100',
      ...extraEnv,
    };
    const stack = new TestStack(env, ports);
    stack.gatewayHealthPorts.set('gateway', await freePort());
    try {
      // A copy of the migrated template unless the suite names a database of its own (the services create that).
      // The copy is made while the apps load their code: they reach PostgreSQL a second or more after their
      // start, and one that came first would create the database and migrate it itself (see createMigratedDatabase).
      const database = extraEnv.DATABASE_URL ? undefined : new URL(env.DATABASE_URL).pathname.slice(1);
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
    if (!this.natsNodes) throw new Error('this stack runs no NATS server of its own');
    return this.natsNodes;
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
    const seed = this.natsSeeds.get(user);
    if (!seed) throw new Error(`no NATS user ${user}`);
    return seed;
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
  async signal(app: AppName, signal: NodeJS.Signals): Promise<{ code: number | null; ms: number }> {
    const child = this.processes.get(app);
    if (!child || child.exitCode !== null) throw new Error(`${app} does not run`);
    const started = performance.now();
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    child.kill(signal);
    const code = await exited;
    this.processes.delete(app);
    return { code, ms: performance.now() - started };
  }

  /** Ends a process the hard way (kill -9 by default), as a crash would. */
  async kill(app: AppName, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    const child = this.processes.get(app);
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
    this.processes.delete(app);
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
    await Promise.all([...this.processes.keys()].map((app) => this.kill(app)));
    await this.natsNodes?.stop();
    if (this.natsDirectory) rmSync(this.natsDirectory, { recursive: true, force: true });
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
    return [...this.processes.keys()].flatMap((app) =>
      (this.logs.get(app) ?? []).filter((line) => / ERROR /.test(line)),
    );
  }

  logsOf(app: AppName | 'nats'): string {
    return (this.logs.get(app) ?? []).join('\n');
  }

  private async startNats(count: number): Promise<void> {
    const binary = natsServerBinary();
    if (!binary) return; // No binary here: use the NATS_URL of the environment (default 127.0.0.1:4222).
    this.natsDirectory = mkdtempSync(join(tmpdir(), 'authsvc-nats-'));
    const publicKeys = Object.fromEntries(
      NATS_ACCESS.map(({ user }) => [natsPublicKeyVariable(user), this.publicKey(user)]),
    );
    // The committed authorization, plus an unrestricted user for tests that arrange JetStream state themselves.
    const config = join(this.natsDirectory, 'nats-server.conf');
    const committed = readFileSync(join(ROOT, NATS_SERVER_CONFIG), 'utf8');
    writeFileSync(
      config,
      committed.replace('  users: [\n', `  users: [\n    { nkey: ${this.publicKey(NATS_ADMIN)} }\n`),
    );
    const log = this.keepLog('nats');
    this.natsNodes = await NatsNodes.start({
      binary,
      count,
      config,
      directory: this.natsDirectory,
      env: publicKeys,
      log,
    });
    this.env.NATS_URL = this.natsNodes.urls.join(',');
    // A cluster takes JetStream requests once its nodes have elected a leader: the services create streams at start.
    const nc = await this.connectNats(NATS_ADMIN);
    try {
      const manager = await jetstreamManager(nc, { checkAPI: false });
      await eventually(() => manager.getAccountInfo(), { what: 'JetStream to answer', timeoutMs: 30_000 });
    } finally {
      await nc.close();
    }
  }

  private spawn(app: AppName): void {
    const gateway = appOf(app) === 'gateway';
    const env = {
      ...process.env,
      ...this.env,
      NATS_NKEY_SEED: this.natsSeeds.get(appOf(app))!,
      ...this.appEnv.get(app),
      [gateway ? 'PORT' : 'HEALTH_PORT']: String(this.ports[app]),
      ...(gateway ? { HEALTH_PORT: String(this.gatewayHealthPorts.get(app)) } : {}),
    };
    const child = spawn(process.execPath, [join(ROOT, ENTRY_POINTS[app])], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = this.keepLog(app);
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.processes.set(app, child);
  }

  /** Keeps the last lines a process wrote, and every refusal nats-server logs. */
  private keepLog(name: AppName | 'nats'): (chunk: Buffer) => void {
    const lines = this.logs.get(name) ?? [];
    this.logs.set(name, lines);
    return (chunk) => {
      const written = chunk.toString('utf8').split('\n').filter(Boolean);
      if (name === 'nats')
        this.natsRefusals.push(...written.filter((line) => /Violation|authentication error/.test(line)));
      lines.push(...written);
      lines.splice(0, Math.max(lines.length - LOG_TAIL, 0));
    };
  }

  private publicKey(user: string): string {
    return nkeys.fromSeed(new TextEncoder().encode(this.natsSeeds.get(user)!)).getPublicKey();
  }

  /** Resolves once a running app answers its readiness probe with 200 (30 s at most). */
  async waitReady(app: AppName): Promise<void> {
    const child = this.processes.get(app)!;
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`${app} exited:\n${this.logsOf(app)}`);
        const response = await fetch(`http://127.0.0.1:${this.ports[app]}/health/ready`);
        if (response.status !== 200) return undefined;
        // Another process on this port would answer its own health: the stack must not take it for this app.
        const { service } = (await response.json()) as { service?: string };
        if (service !== appOf(app)) {
          throw new Error(`port ${this.ports[app]} answers as ${service}, not ${app}`);
        }
        return true;
      },
      { timeoutMs: 30_000, what: `${app} to be ready` },
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n--- ${app} log ---\n${this.logsOf(app)}`);
    });
  }
}
