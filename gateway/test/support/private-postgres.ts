import { execFile, spawnSync } from 'node:child_process';
import { promisify } from 'node:util';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { eventually } from './eventually.js';
import { acceptsConnections, freePort } from './free-port.js';

/** The newest PostgreSQL server binaries of the machine (Debian's layout), if any. */
function binDirectory(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length > 0 ? join(root, versions[0], 'bin') : undefined;
}

/**
 * A PostgreSQL server of the test's own, in a temporary directory on a free port, that the test may stop and
 * start while apps use it (the machine's shared server serves other suites). Trust authentication for the
 * `postgres` user; no durability (fsync off), as nothing outlives the run. initdb refuses to run as root: as root,
 * the server runs as the `postgres` system user, which owns the directory.
 */
export class PrivatePostgres {
  private constructor(
    private readonly bin: string,
    private readonly directory: string,
    private readonly port: number,
  ) {}

  /** The URL of database `name` on this server (the apps create it at start). */
  databaseUrl(name: string): string {
    return `postgres://postgres@127.0.0.1:${this.port}/${name}`;
  }

  static async start(): Promise<PrivatePostgres> {
    const bin = binDirectory();
    if (!bin) throw new Error('no PostgreSQL server binaries under /usr/lib/postgresql');
    const directory = mkdtempSync(join(tmpdir(), 'authsvc-postgres-'));
    chmodSync(directory, 0o700);
    if (userInfo().uid === 0) {
      const owner = spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' });
      const group = spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' });
      chownSync(directory, Number(owner.stdout), Number(group.stdout));
    }
    const server = new PrivatePostgres(bin, directory, await freePort());
    await server.run('initdb', ['-D', server.data, '-U', 'postgres', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    await server.startServer();
    return server;
  }

  /** Starts the server (again); resolves once it accepts connections. */
  async startServer(): Promise<void> {
    const options = [
      `-p ${this.port}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${this.directory}`,
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
      // Two replicas of each service, each with its pool, and the test's own clients.
      '-c max_connections=300',
    ].join(' ');
    await this.run('pg_ctl', ['-D', this.data, '-l', join(this.directory, 'log'), '-o', options, '-w', 'start']);
    await eventually(() => acceptsConnections(this.port), { what: 'the private PostgreSQL to accept connections' });
  }

  /** Stops the server as an operator's restart does (fast: open connections are ended). */
  async stopServer(): Promise<void> {
    await this.run('pg_ctl', ['-D', this.data, '-m', 'fast', '-w', 'stop']);
  }

  async stop(): Promise<void> {
    if (existsSync(join(this.data, 'postmaster.pid'))) await this.stopServer();
    rmSync(this.directory, { recursive: true, force: true });
  }

  private get data(): string {
    return join(this.directory, 'data');
  }

  /** Runs a PostgreSQL tool (as `postgres` when the test runs as root) without blocking the load in this process. */
  private async run(tool: string, args: readonly string[]): Promise<void> {
    const command = join(this.bin, tool);
    const asPostgres = userInfo().uid === 0;
    const file = asPostgres ? 'runuser' : command;
    await promisify(execFile)(file, asPostgres ? ['-u', 'postgres', '--', command, ...args] : [...args]).catch(
      (error: Error & { stderr?: string }) => {
        throw new Error(`${tool} failed: ${error.stderr || error.message}`);
      },
    );
  }
}
