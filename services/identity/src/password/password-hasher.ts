import { availableParallelism } from 'node:os';
import type { KeyRing } from '@authsvc/config';
import { DomainError, RequestErrors } from '@authsvc/errors';
import { passwordHashMetrics } from './password-hash-metrics.js';
import type { BcryptEngine } from './bcrypt-engine.js';
import { BcryptThreadPool } from './bcrypt-thread-pool.js';
import { formatPrehashed, parseStoredHash, prehash } from './password-hash-format.js';

export interface PasswordHasherOptions {
  /** Hashes and comparisons running at once; default: one per core (they run at the lowest priority). */
  readonly concurrency?: number;
  /** About the longest a hash may wait for its turn; work that would wait longer is refused at once. */
  readonly maxQueueWaitMs?: number;
  /** Default: a `BcryptThreadPool` with one thread per operation allowed to run. */
  readonly engine?: BcryptEngine;
}

const DEFAULT_MAX_QUEUE_WAIT_MS = 1000;
/** A first guess of one hash's duration (about 70 µs per round on a server core); measured from then on. */
const MS_PER_ROUND_ESTIMATE = 0.07;
/** Weight of the newest duration in the running average. */
const AVERAGE_WEIGHT = 0.2;

/**
 * Passwords are pre-hashed under the ring's current password-prehash key, then hashed with bcrypt (see
 * password-hash-format.ts); hashes of the bare password and hashes under a previous key still verify, and
 * `isOutdated` tells the sign-in to store the password again in the current form.
 *
 * bcrypt runs in low-priority worker threads, so hashing never blocks or slows the event loops. `dummyHash`
 * lets a sign-in for an unknown email spend the same time as one with a wrong password (no enumeration by
 * timing).
 *
 * Admission control: under overload requests would otherwise queue until the gateway's timeout while
 * identity still did the work nobody waits for. So at most `concurrency` operations run, the queue holds
 * about `maxQueueWaitMs` of work (by the measured average duration), and beyond that the operation is
 * refused at once with SERVICE_UNAVAILABLE (503): overload is shed fast instead of queued for seconds.
 */
export class PasswordHasher {
  private dummy?: Promise<string>;
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  private averageMs: number;
  private readonly concurrency: number;
  private readonly maxQueueWaitMs: number;
  private readonly engine: BcryptEngine;
  private readonly metrics = passwordHashMetrics();

  constructor(
    private readonly cost: number,
    private readonly prehashKeys: KeyRing,
    options: PasswordHasherOptions = {},
  ) {
    this.concurrency = Math.max(1, options.concurrency ?? availableParallelism());
    this.maxQueueWaitMs = options.maxQueueWaitMs ?? DEFAULT_MAX_QUEUE_WAIT_MS;
    this.engine = options.engine ?? new BcryptThreadPool(this.concurrency);
    this.averageMs = 2 ** cost * MS_PER_ROUND_ESTIMATE;
  }

  async hash(password: string): Promise<string> {
    const { id, key } = this.prehashKeys.current;
    return formatPrehashed(id, await this.admit('hash', () => this.engine.hash(prehash(password, key), this.cost)));
  }

  /**
   * A hash under a key no longer configured never matches, after the same work as any other comparison (its
   * owner resets their password).
   */
  async verify(password: string, stored: string): Promise<boolean> {
    const hash = parseStoredHash(stored);
    if (hash.format === 'bcrypt') return this.admit('compare', () => this.engine.compare(password, hash.bcrypt));
    const key = this.prehashKeys.byId(hash.keyId);
    const candidate = prehash(password, (key ?? this.prehashKeys.current).key);
    const matches = await this.admit('compare', () => this.engine.compare(candidate, hash.bcrypt));
    return matches && key !== undefined;
  }

  /** Whether a hash that matched should be replaced: not pre-hashed, or pre-hashed under a previous key. */
  isOutdated(stored: string): boolean {
    const hash = parseStoredHash(stored);
    return hash.format === 'bcrypt' || hash.keyId !== this.prehashKeys.current.id;
  }

  dummyHash(): Promise<string> {
    this.dummy ??= this.hash('timing-equaliser').catch((error: unknown) => {
      this.dummy = undefined;
      throw error;
    });
    return this.dummy;
  }

  /**
   * Refuses at once when an operation would be refused now, so that a request under overload is turned away
   * before the database work that precedes its hash (a refusal should cost next to nothing).
   */
  assertCapacity(): void {
    if (this.isFull) throw new DomainError(RequestErrors.SERVICE_UNAVAILABLE);
  }

  /** Whether an operation would be refused now. */
  get isFull(): boolean {
    return this.running >= this.concurrency && this.waiting.length >= this.queueLimit;
  }

  /** How many operations may wait: about `maxQueueWaitMs` of work, never fewer than can run at once. */
  get queueLimit(): number {
    return Math.max(this.concurrency, Math.floor((this.maxQueueWaitMs / this.averageMs) * this.concurrency));
  }

  private async admit<T>(operation: 'hash' | 'compare', work: () => Promise<T>): Promise<T> {
    this.assertCapacity();
    if (this.running >= this.concurrency) {
      const turn = new Promise<void>((resolve) => this.waiting.push(resolve));
      this.metrics.queueDepth.set(this.waiting.length);
      await turn;
    } else {
      this.running += 1;
    }
    const started = performance.now();
    try {
      return await work();
    } finally {
      const took = performance.now() - started;
      this.averageMs += AVERAGE_WEIGHT * (took - this.averageMs);
      this.metrics.duration.observe({ operation }, took / 1000);
      // The slot passes straight to the next in line, so `running` stays counted for it.
      const next = this.waiting.shift();
      this.metrics.queueDepth.set(this.waiting.length);
      if (next) next();
      else this.running -= 1;
    }
  }
}
