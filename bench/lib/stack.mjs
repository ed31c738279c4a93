// Starts the whole stack (a private NATS server, the four services and the gateway) from the compiled
// dist/ folders, waits for every readiness probe, and stops it again. Output of the children is kept in
// a short ring buffer and only shown when something fails (or always with BENCH_VERBOSE=1).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import pg from 'pg';

const NATS_BINARY = '/usr/sbin/nats-server';
// In the order they can start: a service is ready only once the streams it consumes exist (the session and
// mailer services consume the organization service's events, which creates ORGANIZATION_EVENTS).
const APPS = ['identity', 'organization', 'session', 'mailer', 'gateway'];
const READY_TIMEOUT_MS = 90_000;
/**
 * Limits raised for the organization scenarios' sizes (10,000 members, invitations in every loop, thousands of
 * creates by each of 20 owners: the default of 100 organizations per creator would refuse them).
 */
const APP_ENV = { organization: { MEMBERSHIP_LIMIT: '20000', INVITATION_LIMIT: '20000', ORGANIZATION_LIMIT: '0' } };

export const BENCH_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/authsvc_bench';
export const BENCH_REDIS_URL = 'redis://127.0.0.1:6379/2';

/** Asks the kernel for a port nobody listens on. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

function waitForTcp(port, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      const socket = connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (Date.now() > deadline) reject(new Error(`nothing listens on port ${port}`));
        else setTimeout(attempt, 100);
      });
    };
    attempt();
  });
}

/** Polls `url` until it answers 200; fails early when `child` exits meanwhile. */
export async function waitForHttp200(url, child, name, timeoutMs = READY_TIMEOUT_MS) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`${name} exited (${child.exitCode ?? child.signalCode}) before it was ready`);
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`${name} not ready at ${url} after ${timeoutMs / 1000} s`);
}

/** A spawned child with its recent output; `stop()` sends SIGTERM, then SIGKILL after 12 s. */
export class ManagedProcess {
  constructor(name, command, args, env) {
    this.name = name;
    this.lines = [];
    this.child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.exited = new Promise((resolve) => this.child.once('exit', resolve));
    const keep = (chunk) => {
      for (const line of chunk.toString().split('\n')) {
        if (!line) continue;
        if (process.env.BENCH_VERBOSE === '1') console.error(`[${name}] ${line}`);
        this.lines.push(line);
        if (this.lines.length > 40) this.lines.shift();
      }
    };
    this.child.stdout.on('data', keep);
    this.child.stderr.on('data', keep);
  }

  get pid() {
    return this.child.pid;
  }

  get running() {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  recentOutput() {
    return this.lines.map((line) => `  [${this.name}] ${line}`).join('\n');
  }

  async stop() {
    if (!this.running) return;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 12_000);
    await this.exited;
    clearTimeout(timer);
  }
}

/**
 * Every run starts from empty stores: figures of a database grown by earlier runs (larger indexes, autovacuum
 * at work during a phase) cannot be compared with a fresh one's.
 */
async function emptyStores() {
  const database = new URL(BENCH_DATABASE_URL);
  const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL.replace(database.pathname, '/postgres') });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${database.pathname.slice(1)}" WITH (FORCE)`);
  } finally {
    await admin.end();
  }
  const redis = new Redis(BENCH_REDIS_URL);
  try {
    await redis.flushdb();
  } finally {
    redis.disconnect();
  }
}

/**
 * Starts the stack. With `cpuProfileDir`, the Node processes run with --cpu-prof and write their
 * profiles to `<cpuProfileDir>/<name>/` when they exit (one file per thread and process).
 */
export async function startStack({ cpuProfileDir } = {}) {
  await emptyStores();
  const processes = [];
  const stack = {
    processes,
    async stop() {
      // The gateway first, so nothing new reaches the services; NATS last.
      for (const managed of [...processes].reverse()) await managed.stop();
      if (stack.natsDir) rmSync(stack.natsDir, { recursive: true, force: true });
    },
  };
  try {
    let natsUrl = 'nats://127.0.0.1:4222';
    if (existsSync(NATS_BINARY)) {
      const natsPort = await freePort();
      stack.natsDir = mkdtempSync(join(tmpdir(), 'authsvc-bench-nats-'));
      const nats = new ManagedProcess(
        'nats',
        NATS_BINARY,
        ['-js', '-a', '127.0.0.1', '-p', String(natsPort), '-sd', stack.natsDir, '-c', 'nats/nats-server.dev.conf'],
        process.env,
      );
      processes.push(nats);
      await waitForTcp(natsPort, 15_000);
      natsUrl = `nats://127.0.0.1:${natsPort}`;
    }
    stack.natsUrl = natsUrl;

    const ports = {};
    for (const name of APPS) ports[name] = await freePort();
    // The gateway's health and metrics port, beside its public one (a service's only port is its health port).
    const gatewayHealthPort = await freePort();
    const baseEnv = {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      DATABASE_URL: BENCH_DATABASE_URL,
      REDIS_URL: BENCH_REDIS_URL,
      NATS_URL: natsUrl,
      BASE_URL: `http://localhost:${ports.gateway}`,
      RATE_LIMIT_ENABLED: 'false',
      BCRYPT_COST: '10',
    };
    const nodeArgs = (name) => {
      if (!cpuProfileDir) return [];
      // A folder per app, with Node's own file names: a fixed name would let each worker thread's profile
      // (identity's bcrypt pool) overwrite the main thread's.
      const dir = join(cpuProfileDir, name);
      mkdirSync(dir, { recursive: true });
      return ['--cpu-prof', `--cpu-prof-dir=${dir}`];
    };
    const startApp = async (name, extraEnv = {}) => {
      const entryPoint = name === 'gateway' ? 'gateway/dist/main.js' : `services/${name}/dist/main.js`;
      const managed = new ManagedProcess(name, process.execPath, [...nodeArgs(name), entryPoint], {
        ...baseEnv,
        [name === 'gateway' ? 'PORT' : 'HEALTH_PORT']: String(ports[name]),
        ...(name === 'gateway' ? { HEALTH_PORT: String(gatewayHealthPort) } : {}),
        ...APP_ENV[name],
        ...extraEnv,
      });
      try {
        await waitForHttp200(`http://127.0.0.1:${ports[name]}/health/ready`, managed.child, name);
      } catch (error) {
        error.message += `\nRecent output:\n${managed.recentOutput()}`;
        await managed.stop();
        throw error;
      }
      return managed;
    };

    // One after the other: each service runs its migrations against the shared database and creates its
    // JetStream streams, and a 2-core machine gains nothing from overlap. The gateway comes last.
    for (const name of APPS) processes.push(await startApp(name));
    /** Starts one app again on its port with some variables changed (its place in the stop order stays). */
    stack.restart = async (name, extraEnv) => {
      const index = processes.findIndex((managed) => managed.name === name);
      await processes[index].stop();
      processes[index] = await startApp(name, extraEnv);
    };
    stack.url = `http://127.0.0.1:${ports.gateway}`;
    /** The gateway's trusted origin: a cookie-authenticated POST must name it. */
    stack.origin = baseEnv.BASE_URL;
    return stack;
  } catch (error) {
    const output = processes.map((managed) => managed.recentOutput()).join('\n');
    await stack.stop();
    error.message += output ? `\nRecent output:\n${output}` : '';
    throw error;
  }
}
