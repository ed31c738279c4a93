import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { eventually } from './eventually.js';

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

/** The app a process runs (a replica is its app's): its NATS user and the service its health names. */
export function appOf(name: AppName): string {
  return name.replace(/-replica$/, '');
}

/** What `TestStack.start` runs; a second gateway replica only on request. */
export const STACK_APPS: readonly AppName[] = ['identity', 'session', 'organization', 'mailer', 'gateway'];

/** Lines kept per app (its errors are kept apart, see `errorsLogged`). */
const LOG_TAIL = 60;
/** Error entries kept per app, and the lines of each one's stack kept with it. */
const ERRORS_KEPT = 100;
const STACK_LINES_KEPT = 8;

/** The apps of a stack as child processes of the test, with the last lines each wrote. */
export class AppProcesses {
  private readonly processes = new Map<AppName, ChildProcess>();
  private readonly logs = new Map<AppName | 'nats', string[]>();
  private readonly errors = new Map<AppName, string[]>();

  spawn(app: AppName, env: NodeJS.ProcessEnv): void {
    const entryPoint = join(process.cwd(), ENTRY_POINTS[app]);
    const child = spawn(process.execPath, [entryPoint], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const keep = this.keepLog(app, (lines) => this.keepErrors(app, lines));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    this.processes.set(app, child);
  }

  running(): AppName[] {
    return [...this.processes.keys()];
  }

  /** Keeps the last lines a process wrote; `onLines` sees every line as it comes. */
  keepLog(name: AppName | 'nats', onLines?: (lines: string[]) => void): (chunk: Buffer) => void {
    const lines = this.logs.get(name) ?? [];
    this.logs.set(name, lines);
    return (chunk) => {
      const written = chunk.toString('utf8').split('\n').filter(Boolean);
      onLines?.(written);
      lines.push(...written);
      lines.splice(0, Math.max(lines.length - LOG_TAIL, 0));
    };
  }

  logsOf(name: AppName | 'nats'): string {
    return (this.logs.get(name) ?? []).join('\n');
  }

  /**
   * The errors the apps logged (the first ones, each with the start of its stack), however much they logged after:
   * a fault's warnings (hundreds while PostgreSQL is down) would push an earlier error out of the log's tail.
   */
  errorsLogged(): string[] {
    return this.running().flatMap((app) => this.errors.get(app) ?? []);
  }

  private keepErrors(app: AppName, lines: readonly string[]): void {
    const kept = this.errors.get(app) ?? [];
    this.errors.set(app, kept);
    lines.forEach((line, index) => {
      if (!/ ERROR /.test(line) || kept.length >= ERRORS_KEPT) return;
      const following = lines.slice(index + 1, index + 1 + STACK_LINES_KEPT);
      const end = following.findIndex((next) => !/^\s+at /.test(next));
      const stack = end === -1 ? following : following.slice(0, end);
      kept.push([`${app}: ${line}`, ...stack].join('\n'));
    });
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

  /** Ends a process (if it runs) and waits for its exit. */
  async kill(app: AppName, signal: NodeJS.Signals): Promise<void> {
    const child = this.processes.get(app);
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await exited;
    this.processes.delete(app);
  }

  /** Resolves once a running app answers its readiness probe on `port` with 200 (30 s at most). */
  async waitReady(app: AppName, port: number | undefined): Promise<void> {
    const child = this.processes.get(app)!;
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`${app} exited:\n${this.logsOf(app)}`);
        const response = await fetch(`http://127.0.0.1:${port}/health/ready`);
        if (response.status !== 200) return undefined;
        // Another process on this port would answer its own health: the stack must not take it for this app.
        const { service } = (await response.json()) as { service?: string };
        if (service !== appOf(app)) {
          throw new Error(`port ${port} answers as ${service}, not ${app}`);
        }
        return true;
      },
      { timeoutMs: 30_000, what: `${app} to be ready` },
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n--- ${app} log ---\n${this.logsOf(app)}`);
    });
  }
}
