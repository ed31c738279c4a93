import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nkeys } from '@nats-io/transport-node';
import pg from 'pg';
import { eventually } from './support/eventually.js';
import { acceptsConnections, freePort } from './support/free-port.js';
import { natsServerBinary } from './support/test-stack.js';

const ROOT = process.cwd();

interface Exit {
  code: number | null;
  output: string;
}

/**
 * Runs an app until it exits (or is stopped after `timeoutMs`), returning its exit code and output. A variable
 * given as undefined is left out of the app's environment.
 */
function runUntilExit(entry: string, env: Record<string, string | undefined>, timeoutMs = 20_000): Promise<Exit> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, entry)], {
      env: { ...process.env, DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/authsvc_test', ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * A private nats-server with JetStream (its store in a fresh directory), `configure`d from that directory; `stop`
 * ends it and removes the directory.
 */
async function startNatsServer(configure: (directory: string) => string[] = () => []) {
  const [port, directory] = [await freePort(), mkdtempSync(join(tmpdir(), 'authsvc-nats-startup-'))];
  const args = ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', directory, ...configure(directory)];
  const server = spawn(natsServerBinary() ?? 'nats-server', args, { stdio: 'ignore' });
  await eventually(() => acceptsConnections(port), { what: 'nats-server to accept connections' });
  return {
    url: `nats://127.0.0.1:${port}`,
    stop: () => {
      server.kill('SIGKILL');
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** A NATS credential of nobody's: the development ones are refused in production. */
const freshNatsSeed = () => new TextDecoder().decode(nkeys.createUser().getSeed());

describe('start-up checks', () => {
  it('refuses the development secret in production, naming AUTH_SECRET', async () => {
    const result = await runUntilExit('gateway/dist/main.js', {
      NODE_ENV: 'production',
      AUTH_SECRET: '',
      NATS_NKEY_SEED: freshNatsSeed(),
    });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/AUTH_SECRET/);
  });

  it('is production when NODE_ENV is not set: the development secret is refused', async () => {
    const result = await runUntilExit('services/identity/dist/main.js', {
      NODE_ENV: undefined,
      AUTH_SECRET: undefined,
      NATS_NKEY_SEED: freshNatsSeed(),
    });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/AUTH_SECRET must be set in production/);
  });

  it.each(['gateway', 'mailer'])(
    "refuses %s's published development NATS credential in production, naming NATS_NKEY_SEED",
    async (app) => {
      const entry = app === 'gateway' ? 'gateway/dist/main.js' : `services/${app}/dist/main.js`;
      const result = await runUntilExit(entry, { NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) });
      expect(result.code).toBe(1);
      expect(result.output).toMatch(/NATS_NKEY_SEED must be set in production/);
    },
  );

  it.each(['gateway', 'mailer'])(
    'refuses the development mailbox in %s in production, naming DEV_MAILBOX_ENABLED',
    async (app) => {
      const entry = app === 'gateway' ? 'gateway/dist/main.js' : `services/${app}/dist/main.js`;
      const result = await runUntilExit(entry, {
        NODE_ENV: 'production',
        AUTH_SECRET: 'x'.repeat(40),
        DATA_ENCRYPTION_KEY: 'y'.repeat(40),
        SMTP_URL: 'smtp://127.0.0.1:2525',
        NATS_NKEY_SEED: freshNatsSeed(),
        DEV_MAILBOX_ENABLED: 'true',
      });
      expect(result.code).toBe(1);
      expect(result.output).toMatch(/DEV_MAILBOX_ENABLED must be off in production/);
    },
  );

  it("says NATS refuses the app's credential, not that it does not answer", async () => {
    const nats = await startNatsServer((directory) => {
      const config = join(directory, 'nats-server.conf');
      writeFileSync(config, `authorization { users: [ { nkey: ${nkeys.createUser().getPublicKey()} } ] }`);
      return ['-c', config];
    });
    try {
      const result = await runUntilExit('services/organization/dist/main.js', {
        NATS_URL: nats.url,
        HEALTH_PORT: String(await freePort()),
      });
      expect(result.code).toBe(1);
      expect(result.output).toContain(`NATS at ${nats.url} refuses this app's credential`);
      expect(result.output).toMatch(/Set NATS_NKEY_SEED/);
    } finally {
      nats.stop();
    }
  });

  it('refuses a captcha provider without its secret, naming CAPTCHA_SECRET_KEY', async () => {
    const result = await runUntilExit('gateway/dist/main.js', {
      NODE_ENV: 'test',
      CAPTCHA_PROVIDER: 'hcaptcha',
      CAPTCHA_SECRET_KEY: undefined,
    });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/CAPTCHA_SECRET_KEY is required when CAPTCHA_PROVIDER is set/);
  });

  it('names a malformed variable and exits non-zero', async () => {
    const result = await runUntilExit('services/session/dist/main.js', {
      SESSION_EXPIRES_IN: 'soon',
      HEALTH_PORT: '0',
    });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/SESSION_EXPIRES_IN must be an integer/);
    expect(result.output).toMatch(/HEALTH_PORT must be an integer/);
  });

  it('names a malformed tracing variable and exits non-zero', async () => {
    const result = await runUntilExit('gateway/dist/main.js', {
      OTEL_EXPORTER_OTLP_ENDPOINT: 'grpc://127.0.0.1:4317',
      OTEL_TRACES_SAMPLER: 'sometimes',
    });
    expect(result.code).toBe(1);
    expect(result.output).toMatch(/OTEL_EXPORTER_OTLP_ENDPOINT must use http: or https:/);
    expect(result.output).toMatch(/OTEL_TRACES_SAMPLER must be one of/);
  });

  it.each([
    [
      'PostgreSQL',
      'services/identity/dist/main.js',
      'DATABASE_URL',
      (port: number) => `postgres://postgres@127.0.0.1:${port}/authsvc_test`,
    ],
    ['Redis', 'gateway/dist/main.js', 'REDIS_URL', (port: number) => `redis://127.0.0.1:${port}`],
    ['NATS', 'services/organization/dist/main.js', 'NATS_URL', (port: number) => `nats://127.0.0.1:${port}`],
  ])('says which %s URL does not answer and how to start it', async (kind, entry, variable, urlFor) => {
    const deadPort = await freePort();
    const result = await runUntilExit(entry, {
      [variable]: urlFor(deadPort),
      HEALTH_PORT: String(await freePort()),
      PORT: String(await freePort()),
    });
    expect(result.code).toBe(1);
    expect(result.output).toContain(`${kind} does not answer at ${urlFor(deadPort).replace(/\/$/, '')}`);
    expect(result.output).toMatch(/Start it, for example:/);
  });

  it('starts the gateway while NATS is down, not ready, and ready once NATS is up', async () => {
    const [natsPort, gatewayPort, healthPort] = [await freePort(), await freePort(), await freePort()];
    const gateway = spawn(process.execPath, [join(ROOT, 'gateway/dist/main.js')], {
      env: {
        ...process.env,
        NATS_URL: `nats://127.0.0.1:${natsPort}`,
        PORT: String(gatewayPort),
        HEALTH_PORT: String(healthPort),
        LOG_LEVEL: 'error',
      },
      stdio: 'ignore',
    });
    let nats: ReturnType<typeof spawn> | undefined;
    const readiness = () => fetch(`http://127.0.0.1:${gatewayPort}/health/ready`).then((answer) => answer.status);
    try {
      expect(await eventually(readiness, { what: 'the gateway to answer' })).toBe(503);
      nats = spawn(natsServerBinary() ?? 'nats-server', ['-a', '127.0.0.1', '-p', String(natsPort)], {
        stdio: 'ignore',
      });
      await eventually(async () => ((await readiness()) === 200 ? true : undefined), { what: 'readiness' });
    } finally {
      gateway.kill('SIGKILL');
      nats?.kill('SIGKILL');
    }
  });

  it('lets two replicas migrate a fresh database at the same time, once', async () => {
    const database = `authsvc_migrate_${Date.now().toString(36)}`;
    const databaseUrl = `postgres://postgres@127.0.0.1:5432/${database}`;
    const ports = [await freePort(), await freePort()];
    // A NATS of its own: the development one may hold streams another branch made.
    const nats = await startNatsServer();
    const env = { ...process.env, DATABASE_URL: databaseUrl, NATS_URL: nats.url, LOG_LEVEL: 'warn' };
    const replicas = ports.map((port) =>
      spawn(process.execPath, [join(ROOT, 'services/identity/dist/main.js')], {
        env: { ...env, HEALTH_PORT: String(port) },
        stdio: 'ignore',
      }),
    );
    const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.connect();
    try {
      for (const port of ports) {
        await eventually(async () => ((await fetch(`http://127.0.0.1:${port}/health/ready`)).ok ? true : undefined), {
          timeoutMs: 30_000,
          what: `replica on ${port}`,
        });
      }
      const client = new pg.Client({ connectionString: databaseUrl });
      await client.connect();
      const { rows } = await client.query('SELECT name FROM identity.migrations ORDER BY name');
      await client.end();
      const migrationFiles = readdirSync(join(ROOT, 'services/identity/src/migrations')).filter((file) =>
        file.endsWith('.ts'),
      );
      expect(rows).toHaveLength(migrationFiles.length);
      expect(new Set(rows.map((row) => row.name)).size).toBe(rows.length);
    } finally {
      // A replica that could not start has exited already: waiting for its exit would hang the test.
      await Promise.all(
        replicas
          .filter((replica) => replica.exitCode === null)
          .map((replica) => new Promise((resolve) => (replica.once('exit', resolve), replica.kill('SIGTERM')))),
      );
      nats.stop();
      await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await admin.end();
    }
  });
});
