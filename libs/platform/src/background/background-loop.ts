import type { LoggerService } from '@nestjs/common';
import { Pacer } from './pacer.js';

/**
 * How a round ended, and so what the loop does next: `again` at once (a full batch: more is waiting), `idle`
 * until nudged or `idleMs` passed (everything there was), `wait` `retryMs` whatever the nudges (the work
 * cannot be had yet, as when another replica holds a lock), or nothing any more (`done`: a one-off task is over).
 */
export type RoundEnd = 'again' | 'idle' | 'wait' | 'done';

export interface BackgroundLoopOptions {
  /** What the log line of a failed round starts with (the message of the error follows). */
  readonly failurePrefix: string;
  readonly logger: LoggerService;
  /** A round after a nudge starts no sooner than this after the previous one began (see Pacer). */
  readonly lingerMs?: number;
  /** The longest idle sleep: a poll for work that came without a nudge. */
  readonly idleMs?: number;
  /** The wait after a `wait` round and after a failed one. */
  readonly retryMs: number;
  /** `warn` for failures that heal by themselves (a stream not created yet); `error` otherwise. */
  readonly failureLevel?: 'error' | 'warn';
  /** One round of work. A throw is logged, then the loop recovers and waits `retryMs`. */
  round(): Promise<RoundEnd>;
  /** After a failed round (the relay gives up its lock and connection). */
  recover?(): Promise<void>;
  /** Ends a round that would otherwise run on: called by `stop` (a consumer closes its message iterator). */
  interrupt?(): Promise<void>;
  /** After the last round, once stopped. */
  finish?(): Promise<void>;
}

/**
 * The one shape of our background work (the outbox relay, the mail sender, the durable consumers): rounds
 * paced by a Pacer, a logged failure followed by a fixed wait, and a stop that lets the round in flight finish
 * before it resolves, so that nothing it took is left half done.
 */
export class BackgroundLoop {
  private running = false;
  private loop?: Promise<void>;
  private readonly pacer: Pacer;

  constructor(private readonly options: BackgroundLoopOptions) {
    this.pacer = new Pacer(options.lingerMs ?? 0);
  }

  /** False once `stop` was called: a long round checks it between items. */
  get active(): boolean {
    return this.running;
  }

  start(): void {
    this.running = true;
    this.loop = this.run();
  }

  /** There is work: an idle loop wakes (now, or once the linger since the last round is over). */
  nudge(): void {
    this.pacer.nudge();
  }

  async stop(): Promise<void> {
    this.running = false;
    this.pacer.interrupt();
    await this.options.interrupt?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    const { idleMs = 0, retryMs } = this.options;
    while (this.running) {
      this.pacer.startRound();
      const end = await this.options.round().catch((error: unknown) => this.failed(error));
      if (end === 'done') break;
      if (end === 'idle') await this.pacer.idle(idleMs);
      else if (end !== 'again') await this.pacer.pause(retryMs);
    }
    await this.options.finish?.();
  }

  private async failed(error: unknown): Promise<'failed'> {
    // A round cut short by `stop` did not fail.
    if (this.running) {
      const level = this.options.failureLevel ?? 'error';
      this.options.logger[level](`${this.options.failurePrefix}: ${(error as Error).message}`, 'BackgroundLoop');
    }
    await this.options.recover?.();
    return 'failed';
  }
}
