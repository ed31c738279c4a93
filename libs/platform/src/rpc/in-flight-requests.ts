import type { CallHandler, ExecutionContext, NestInterceptor } from '@nestjs/common';
import { finalize, type Observable } from 'rxjs';

/**
 * Counts the request/reply handlers running, so that a draining process can wait for their answers before it
 * closes the connection they answer on.
 */
export class InFlightRequests implements NestInterceptor {
  private running = 0;
  private waiters: (() => void)[] = [];

  intercept(_context: ExecutionContext, next: CallHandler): Observable<unknown> {
    this.running += 1;
    return next.handle().pipe(
      finalize(() => {
        this.running -= 1;
        if (this.running === 0) this.waiters.splice(0).forEach((wake) => wake());
      }),
    );
  }

  /** Resolves `true` once no handler runs, or `false` when `timeoutMs` passed first. */
  idle(timeoutMs: number): Promise<boolean> {
    if (this.running === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), timeoutMs);
      this.waiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}
