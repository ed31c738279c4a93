import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { MembershipState } from '../../examples/subscriber.js';
import { eventually } from '../../gateway/test/support/eventually.js';

const ENTRY_POINT = join(process.cwd(), 'examples/dist/subscriber.js');

/** The built examples/subscriber.ts running as a process of its own, as an internal system would run it. */
export class SubscriberProcess {
  private readonly lines: string[] = [];

  private constructor(private readonly child: ChildProcess) {
    child.stderr!.on('data', (chunk: Buffer) => this.lines.push(...chunk.toString('utf8').split('\n').filter(Boolean)));
  }

  static start(env: Record<string, string>): SubscriberProcess {
    return new SubscriberProcess(
      spawn(process.execPath, [ENTRY_POINT], { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] }),
    );
  }

  /** What a subscriber started with `env` last wrote to its state file. */
  static stateOf(env: Record<string, string>): MembershipState {
    return JSON.parse(readFileSync(env.STATE_FILE, 'utf8'));
  }

  get log(): string {
    return this.lines.join('\n');
  }

  /** Resolves once it wrote a line matching `pattern`; fails if it exited first. */
  async wrote(pattern: RegExp): Promise<void> {
    await eventually(
      async () => {
        if (this.lines.some((line) => pattern.test(line))) return true;
        if (this.child.exitCode !== null) throw new Error(`exited with ${this.child.exitCode}:\n${this.log}`);
        return undefined;
      },
      { what: `the subscriber to write ${pattern}` },
    );
  }

  /** Whether it is still running (it stops by itself only when an event cannot be applied). */
  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Sends `signal` (SIGKILL: a crash) and resolves with the exit code once it is gone. */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<number | null> {
    if (!this.running) return this.child.exitCode;
    const exited = new Promise<number | null>((resolve) => this.child.once('exit', (code) => resolve(code)));
    this.child.kill(signal);
    return exited;
  }
}
