import { sleep } from './eventually.js';
import type { PrivatePostgres } from './private-postgres.js';
import type { PrivateRedis } from './private-redis.js';
import type { RoundRobinProxy } from './round-robin-proxy.js';
import type { AppName, TestStack } from './test-stack.js';

/** A span of the run (performance.now() times) in which a fault was under way. */
export interface Window {
  readonly from: number;
  readonly to: number;
}

/** When each fault happened, and how long each app took to be ready again after each. */
export interface ChaosRecord {
  readonly drains: Window[];
  readonly postgresDown: Window[];
  /** From just before a gateway was killed with -9 until it had exited. */
  readonly gatewayCrashes: Window[];
  /** "<fault> <app>" → milliseconds until its /health/ready answered 200. */
  readonly readyMs: Map<string, number>;
  /** Each fault as it began, in order. */
  readonly began: { readonly fault: string; readonly at: number }[];
}

/** Where a moment falls in the run: "2.1 s after kill -9 identity" (the last fault begun before it). */
export function momentOf(record: ChaosRecord, at: number): string {
  const last = record.began.findLast((fault) => fault.at <= at);
  return last ? `${((at - last.at) / 1000).toFixed(1)} s after ${last.fault} began` : 'before the first fault';
}

/** The time a request (sent, answered) shares with any of `windows`. */
export const overlaps = (sentAt: number, answeredAt: number, windows: readonly Window[]) =>
  windows.some(({ from, to }) => sentAt <= to && answeredAt >= from);

/**
 * The faults of the chaos run, each made while a load runs and each followed by a pause that lets the load meet
 * the system as the fault left it. Every app restarted is timed until ready.
 */
export class ChaosFaults {
  readonly record: ChaosRecord = { drains: [], postgresDown: [], gatewayCrashes: [], readyMs: new Map(), began: [] };

  constructor(
    private readonly stack: TestStack,
    private readonly proxy: RoundRobinProxy,
    private readonly gateways: Readonly<Partial<Record<AppName, string>>>,
    private readonly postgres: PrivatePostgres,
    private readonly redis: PrivateRedis,
    private readonly settleMs: number,
  ) {}

  /** kill -9, as a crash or an OOM kill does, then started again. */
  async crash(app: AppName): Promise<void> {
    const fault = `kill -9 ${app}`;
    const from = this.begin(fault);
    await this.stack.kill(app, 'SIGKILL');
    if (this.gateways[app]) this.record.gatewayCrashes.push({ from, to: performance.now() });
    await this.startTimed(fault, app);
    await sleep(this.settleMs);
  }

  /**
   * SIGTERM, as a rolling update does: a gateway is first taken out of the load balancer (its endpoint withdrawn,
   * then the preStop pause), and put back once ready again. The whole span is a drain window.
   */
  async drain(app: AppName): Promise<void> {
    const fault = `SIGTERM ${app}`;
    const from = this.begin(fault);
    const url = this.gateways[app];
    if (url) {
      this.proxy.remove(url);
      await sleep(500);
    }
    const { code } = await this.stack.signal(app, 'SIGTERM');
    if (code !== 0) throw new Error(`${app} exited ${code} on SIGTERM`);
    await this.startTimed(fault, app);
    if (url) this.proxy.add(url);
    this.record.drains.push({ from, to: performance.now() });
    await sleep(this.settleMs);
  }

  /** kill -9 of a NATS node; started again on its store after `downMs`. */
  async crashNatsNode(index: number, downMs: number): Promise<void> {
    this.begin(`kill -9 NATS node ${index}`);
    await this.stack.nats.kill(index);
    await sleep(downMs);
    await this.stack.nats.restart(index);
    await sleep(this.settleMs);
  }

  /** PostgreSQL stopped and started again after `downMs`; then every app is timed until ready. */
  async restartPostgres(apps: readonly AppName[], downMs: number): Promise<void> {
    const from = this.begin('PostgreSQL stop');
    await this.postgres.stopServer();
    await sleep(downMs);
    await this.postgres.startServer();
    const up = performance.now();
    this.record.postgresDown.push({ from, to: up });
    await Promise.all(
      apps.map(async (app) => {
        await this.stack.waitReady(app);
        this.record.readyMs.set(`PostgreSQL back: ${app}`, performance.now() - up);
      }),
    );
    await sleep(this.settleMs);
  }

  async flushRedis(): Promise<void> {
    this.begin('Redis flush');
    await this.redis.flush();
    await sleep(this.settleMs);
  }

  /** Records that `fault` begins now; the time, as performance.now() gives it. */
  private begin(fault: string): number {
    const at = performance.now();
    this.record.began.push({ fault, at });
    return at;
  }

  private async startTimed(fault: string, app: AppName): Promise<void> {
    const started = performance.now();
    await this.stack.restart(app);
    this.record.readyMs.set(fault, performance.now() - started);
  }
}
