import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { eventually } from './eventually.js';
import { freePort } from './free-port.js';

/** How many times a stack tries fresh ports when another process took one of a node's between choice and bind. */
const START_ATTEMPTS = 3;

export interface NatsNodesOptions {
  readonly binary: string;
  /** 1: a single server; more: a JetStream cluster whose nodes route to each other on loopback. */
  readonly count: number;
  /** nats-server's configuration file (the authorization), the same for every node. */
  readonly config: string;
  /** Where each node keeps its JetStream store, in a directory of its own. */
  readonly directory: string;
  /** Variables nats-server reads (the public keys the configuration names). */
  readonly env: Record<string, string>;
  /** Receives what the nodes write on stderr (their log). */
  readonly log: (chunk: Buffer) => void;
}

interface Node {
  readonly name: string;
  readonly port: number;
  readonly clusterPort: number;
  process?: ChildProcess;
}

/**
 * nats-server processes with JetStream on loopback: one, or a cluster of several with routes between them. A node
 * killed with `kill` starts again with `restart` on the same ports and store, and rejoins the cluster.
 */
export class NatsNodes {
  private constructor(
    private readonly options: NatsNodesOptions,
    private readonly nodes: Node[],
  ) {}

  /**
   * Starts the nodes on fresh ports. A port is free when chosen, but another process may bind it before nats-server
   * does: that node then exits, and the whole set starts again on other ports.
   */
  static async start(options: NatsNodesOptions): Promise<NatsNodes> {
    for (let attempt = 1; ; attempt++) {
      const nodes: Node[] = [];
      for (let index = 0; index < options.count; index++) {
        nodes.push({ name: `n${index}`, port: await freePort(), clusterPort: await freePort() });
      }
      const cluster = new NatsNodes(options, nodes);
      for (const node of nodes) cluster.spawn(node);
      try {
        await Promise.all(nodes.map((node) => cluster.ready(node)));
        return cluster;
      } catch (error) {
        await cluster.stop();
        if (attempt === START_ATTEMPTS) throw error;
      }
    }
  }

  /** Each node's client URL, in node order. */
  get urls(): string[] {
    return this.nodes.map(({ port }) => `nats://127.0.0.1:${port}`);
  }

  get count(): number {
    return this.nodes.length;
  }

  /** Ends node `index` the hard way (kill -9), as a crash would. */
  async kill(index: number): Promise<void> {
    await this.end(this.nodes[index], 'SIGKILL');
  }

  /** Starts node `index` again on its ports and store; resolves once it accepts connections. */
  async restart(index: number): Promise<void> {
    const node = this.nodes[index];
    this.spawn(node);
    await this.ready(node);
  }

  async stop(): Promise<void> {
    await Promise.all(this.nodes.map((node) => this.end(node, 'SIGTERM')));
  }

  private spawn(node: Node): void {
    const { binary, config, directory, env, log, count } = this.options;
    const store = join(directory, node.name);
    mkdirSync(store, { recursive: true });
    const args = ['-js', '-a', '127.0.0.1', '-p', String(node.port), '-sd', store, '-c', config, '-n', node.name];
    if (count > 1) {
      const routes = this.nodes.map(({ clusterPort }) => `nats://127.0.0.1:${clusterPort}`).join(',');
      args.push('--cluster_name', 'authsvc', '--cluster', `nats://127.0.0.1:${node.clusterPort}`, '--routes', routes);
    }
    node.process = spawn(binary, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
    node.process.stderr!.on('data', log);
  }

  /**
   * Resolves once the node greets a client as NATS does (its INFO line): a port that merely accepts connections may
   * belong to another process, which a NATS client would wait on until its own timeout. Fails at once when the node
   * exited (its log says why, for example a port in use).
   */
  private ready(node: Node): Promise<true> {
    const child = node.process!;
    const exited = new Promise<never>((_, reject) =>
      child.once('exit', (code, signal) =>
        reject(
          new Error(`nats-server ${node.name} on :${node.port} exited (${code ?? signal}) before greeting clients`),
        ),
      ),
    );
    const greeted = eventually(() => greetsAsNats(node.port), {
      what: `nats-server ${node.name} on :${node.port} to greet clients`,
    });
    return Promise.race([greeted, exited]);
  }

  private async end(node: Node, signal: NodeJS.Signals): Promise<void> {
    const child = node.process;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
  }
}

/** True when what listens on `port` sends NATS's INFO line first; undefined while nothing (or something else) does. */
function greetsAsNats(port: number): Promise<true | undefined> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    const done = (greeted: true | undefined) => {
      socket.destroy();
      resolve(greeted);
    };
    socket.setTimeout(2_000, () => done(undefined));
    socket.once('data', (chunk) => done(chunk.toString('latin1').startsWith('INFO ') ? true : undefined));
    socket.once('error', () => done(undefined));
  });
}
