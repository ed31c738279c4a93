import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NATS_ACCESS } from '@authsvc/contracts';
import { natsConnectionOptions, natsPublicKeyVariable } from '@authsvc/platform';
import { NATS_SERVER_CONFIG } from '../../scripts/nats-config/nats-server-config-files.js';
import { connect, nkeys, type NatsConnection } from '@nats-io/transport-node';
import { eventually } from '../../gateway/test/support/eventually.js';
import { acceptsConnections, freePort } from '../../gateway/test/support/free-port.js';
import { NATS_ADMIN, natsServerBinary } from '../../gateway/test/support/test-stack.js';

const publicKeyOf = (seed: string) => nkeys.fromSeed(new TextEncoder().encode(seed)).getPublicKey();

/**
 * A nats-server with JetStream for one suite alone, enforcing the committed authorization (nats/nats-server.conf)
 * with a fresh nkey per declared user, plus `NATS_ADMIN`, allowed everything, for the suite's own inspection.
 */
export class PrivateNatsServer {
  private readonly refusals: string[] = [];

  private constructor(
    private readonly server: ChildProcess,
    private readonly directory: string,
    private readonly seeds: ReadonlyMap<string, string>,
    readonly url: string,
  ) {
    server.stderr!.on('data', (chunk: Buffer) => {
      const lines = chunk.toString('utf8').split('\n');
      this.refusals.push(...lines.filter((line) => /Violation|authentication error/.test(line)));
    });
  }

  static async start(): Promise<PrivateNatsServer> {
    const binary = natsServerBinary();
    if (!binary) throw new Error('this suite needs the nats-server binary (it enforces the generated authorization)');
    const users = [...NATS_ACCESS.map(({ user }) => user), NATS_ADMIN];
    const seeds = new Map(users.map((user) => [user, new TextDecoder().decode(nkeys.createUser().getSeed())]));
    const directory = mkdtempSync(join(tmpdir(), 'authsvc-nats-'));
    const config = join(directory, 'nats-server.conf');
    const committed = readFileSync(join(process.cwd(), NATS_SERVER_CONFIG), 'utf8');
    const admin = `    { nkey: ${publicKeyOf(seeds.get(NATS_ADMIN)!)} }\n`;
    writeFileSync(config, committed.replace('  users: [\n', `  users: [\n${admin}`));
    const keys = NATS_ACCESS.map(({ user }) => [natsPublicKeyVariable(user), publicKeyOf(seeds.get(user)!)]);
    const port = await freePort();
    const server = spawn(binary, ['-js', '-a', '127.0.0.1', '-p', String(port), '-sd', directory, '-c', config], {
      env: { ...process.env, ...Object.fromEntries(keys) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    const nats = new PrivateNatsServer(server, directory, seeds, `nats://127.0.0.1:${port}`);
    await eventually(() => acceptsConnections(port), { what: 'the private NATS server to accept connections' });
    return nats;
  }

  seedOf(user: string): string {
    const seed = this.seeds.get(user);
    if (!seed) throw new Error(`no NATS user ${user}`);
    return seed;
  }

  connect(user: string): Promise<NatsConnection> {
    return connect(natsConnectionOptions({ servers: [new URL(this.url)], user, seed: this.seedOf(user) }));
  }

  /** What nats-server refused the declared users (the suite's own `NATS_ADMIN` excluded). */
  refusalsOfDeclaredUsers(): string[] {
    const keys = NATS_ACCESS.map(({ user }) => publicKeyOf(this.seedOf(user)));
    return this.refusals.filter((line) => keys.some((key) => line.includes(key)));
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.server.once('exit', resolve));
    this.server.kill('SIGTERM');
    await exited;
    rmSync(this.directory, { recursive: true, force: true });
  }
}
