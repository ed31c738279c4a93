import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { promisify } from 'node:util';
import { eventually } from './eventually.js';
import { acceptsConnections, freePort } from './free-port.js';

/** A Redis server of the test's own, without persistence, that the test can take away while apps use it. */
export class PrivateRedis {
  private constructor(
    private readonly process: ChildProcess,
    readonly url: string,
  ) {}

  static async start(): Promise<PrivateRedis> {
    const port = await freePort();
    const child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await eventually(() => acceptsConnections(port), { what: 'the private Redis server to accept connections' });
    return new PrivateRedis(child, `redis://127.0.0.1:${port}`);
  }

  /** Empties every database, as an operator's FLUSHALL (or a restart without persistence) does. */
  async flush(): Promise<void> {
    await promisify(execFile)('redis-cli', ['-u', this.url, 'FLUSHALL']);
  }

  /** Ends the server (idempotent). */
  async stop(): Promise<void> {
    if (this.process.exitCode !== null || this.process.signalCode !== null) return;
    const exited = new Promise((resolve) => this.process.once('exit', resolve));
    this.process.kill('SIGKILL');
    await exited;
  }
}
