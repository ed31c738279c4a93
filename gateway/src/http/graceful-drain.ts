import type { Server } from 'node:http';
import type { HealthCheck } from '@authsvc/platform';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The gateway's stop on SIGTERM. By then Kubernetes has taken the pod out of its Service's endpoints (the
 * `preStop` pause), yet a load balancer may still send requests on connections it keeps alive. Draining stops
 * listening, closes the idle connections, and lets every request in flight, or arriving on a connection still
 * open, be answered with `Connection: close`, so that each connection ends after its answer and the client's
 * next request opens one to another replica. No request is refused.
 */
export class GracefulDrain {
  private draining = false;

  /** Readiness: down from the moment the drain starts. */
  readonly check: HealthCheck = [
    'accepting',
    () => (this.draining ? Promise.reject(new Error('draining')) : Promise.resolve()),
  ];

  /** An onSend hook: an answer sent while draining closes its connection (requests in flight included). */
  readonly hook = (
    _request: FastifyRequest,
    reply: FastifyReply,
    payload: unknown,
    done: (error: null, payload: unknown) => void,
  ): void => {
    if (this.draining) reply.header('connection', 'close');
    done(null, payload);
  };

  /** Resolves `true` once every connection ended, or `false` after `timeoutMs` (the rest are then cut). */
  async drain(server: Server, timeoutMs: number): Promise<boolean> {
    this.draining = true;
    let timer: NodeJS.Timeout | undefined;
    const closed = new Promise<boolean>((resolve) => server.close(() => resolve(true)));
    const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    // An answer written past Fastify (none today) leaves its connection open and idle: close such ones as they idle.
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    server.closeIdleConnections();
    const finished = await Promise.race([closed, late]);
    clearTimeout(timer);
    clearInterval(sweep);
    if (!finished) server.closeAllConnections();
    return finished;
  }
}
