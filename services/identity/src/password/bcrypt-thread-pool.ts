import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { BcryptEngine } from './bcrypt-engine.js';

/** The lowest scheduling priority: a hash gets only the CPU time no request handler wants. */
const LOWEST_PRIORITY = 19;

type Operation = { op: 'hash'; password: string; cost: number } | { op: 'compare'; password: string; hash: string };
interface Reply {
  result?: string | boolean;
  error?: string;
}
interface Task {
  readonly operation: Operation;
  resolve(result: string | boolean): void;
  reject(error: Error): void;
}

// Plain CommonJS evaluated in the worker, so the same code runs from dist/ and under Jest. On Linux the
// nice value belongs to the thread, so lowering it here leaves the event loop's priority alone.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
try { require('node:os').setPriority(0, workerData.priority); } catch {}
const bcrypt = require(workerData.bcryptPath);
parentPort.on('message', ({ op, password, cost, hash }) => {
  try {
    const result = op === 'hash' ? bcrypt.hashSync(password, cost) : bcrypt.compareSync(password, hash);
    parentPort.postMessage({ result });
  } catch (error) {
    parentPort.postMessage({ error: String(error && error.message ? error.message : error) });
  }
});
`;

/**
 * bcrypt in worker threads that run at the lowest priority. libuv's pool would hash at the event loops'
 * priority, so on a small machine hashing took the CPU from every cheap request (get-session p99 in the
 * hundreds of ms while sign-ins ran), and capping the hashes at cores − 1 halved password throughput. At
 * the lowest priority the hashes use all the CPU that is idle and give way at once to request handling.
 */
export class BcryptThreadPool implements BcryptEngine {
  private readonly idle: Worker[] = [];
  private readonly queue: Task[] = [];
  private readonly running = new Map<Worker, Task>();
  private readonly bcryptPath = createRequire(import.meta.url).resolve('bcrypt');

  constructor(size: number) {
    for (let i = 0; i < size; i += 1) this.idle.push(this.spawn());
  }

  hash(password: string, cost: number): Promise<string> {
    return this.run({ op: 'hash', password, cost }) as Promise<string>;
  }

  compare(password: string, hash: string): Promise<boolean> {
    return this.run({ op: 'compare', password, hash }) as Promise<boolean>;
  }

  private run(operation: Operation): Promise<string | boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ operation, resolve, reject });
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.idle.length > 0 && this.queue.length > 0) {
      const worker = this.idle.pop() as Worker;
      const task = this.queue.shift() as Task;
      this.running.set(worker, task);
      worker.postMessage(task.operation);
    }
  }

  private spawn(): Worker {
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { bcryptPath: this.bcryptPath, priority: LOWEST_PRIORITY },
    });
    worker.on('message', (reply: Reply) => {
      const task = this.running.get(worker);
      this.running.delete(worker);
      this.idle.push(worker);
      if (reply.error === undefined) task?.resolve(reply.result as string | boolean);
      else task?.reject(new Error(`bcrypt failed: ${reply.error}`));
      this.dispatch();
    });
    worker.on('error', (error) => this.replace(worker, error));
    // Idle workers must not keep a stopping process alive (after the listeners, which would ref it again).
    worker.unref();
    return worker;
  }

  /** A crashed worker fails only its own task; a fresh one takes its place. */
  private replace(worker: Worker, error: Error): void {
    const task = this.running.get(worker);
    this.running.delete(worker);
    const index = this.idle.indexOf(worker);
    if (index >= 0) this.idle.splice(index, 1);
    task?.reject(error);
    this.idle.push(this.spawn());
    this.dispatch();
  }
}
