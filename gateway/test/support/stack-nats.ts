import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NATS_ACCESS } from '@authsvc/contracts';
import { natsPublicKeyVariable } from '@authsvc/platform';
import { NATS_SERVER_CONFIG } from '../../../scripts/nats-config/nats-server-config-files.js';
import { nkeys } from '@nats-io/transport-node';
import { NatsNodes } from './nats-nodes.js';

/** A NATS user of the test stacks alone, allowed everything. */
export const NATS_ADMIN = 'test-admin';

export function natsServerBinary(): string | undefined {
  for (const candidate of ['nats-server', '/usr/sbin/nats-server', '/usr/local/bin/nats-server']) {
    if (spawnSync(candidate, ['--version']).status === 0) return candidate;
  }
  return undefined;
}

/**
 * A stack's private NATS: a fresh nkey seed per NATS user, and the server (or cluster) enforcing the committed
 * nats/nats-server.conf with those users' public keys.
 */
export class StackNats {
  nodes?: NatsNodes;
  private directory?: string;
  private readonly seeds = new Map(
    [...NATS_ACCESS.map(({ user }) => user), NATS_ADMIN].map((user) => [
      user,
      new TextDecoder().decode(nkeys.createUser().getSeed()),
    ]),
  );

  seed(user: string): string {
    const seed = this.seeds.get(user);
    if (!seed) throw new Error(`no NATS user ${user}`);
    return seed;
  }

  publicKey(user: string): string {
    return nkeys.fromSeed(new TextEncoder().encode(this.seed(user))).getPublicKey();
  }

  /** Starts `count` nodes, writing their log to `log`; their URLs, or none without a nats-server binary here. */
  async start(count: number, log: (chunk: Buffer) => void): Promise<string[] | undefined> {
    const binary = natsServerBinary();
    if (!binary) return undefined; // No binary here: use the NATS_URL of the environment (default 127.0.0.1:4222).
    this.directory = mkdtempSync(join(tmpdir(), 'authsvc-nats-'));
    const publicKeys = Object.fromEntries(
      NATS_ACCESS.map(({ user }) => [natsPublicKeyVariable(user), this.publicKey(user)]),
    );
    // The committed authorization, plus an unrestricted user for tests that arrange JetStream state themselves.
    const config = join(this.directory, 'nats-server.conf');
    const committed = readFileSync(join(process.cwd(), NATS_SERVER_CONFIG), 'utf8');
    writeFileSync(
      config,
      committed.replace('  users: [\n', `  users: [\n    { nkey: ${this.publicKey(NATS_ADMIN)} }\n`),
    );
    this.nodes = await NatsNodes.start({ binary, count, config, directory: this.directory, env: publicKeys, log });
    return this.nodes.urls;
  }

  async stop(): Promise<void> {
    await this.nodes?.stop();
    if (this.directory) rmSync(this.directory, { recursive: true, force: true });
  }
}
