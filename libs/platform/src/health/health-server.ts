import { createServer, type Server } from 'node:http';
import type { HealthReport } from '@authsvc/contracts';
import { RequestErrors } from '@authsvc/errors';
import { collectProcessMetrics, metricsRegistry } from '../metrics/metrics.js';

/** A named readiness check: resolves when the dependency answers. */
export type HealthCheck = readonly [name: string, check: () => Promise<unknown>];

const CHECK_TIMEOUT_MS = 2000;
const INTERNAL = RequestErrors.INTERNAL_SERVER_ERROR;

/** Runs every check with a timeout; any failure makes the report `unavailable`. */
export async function healthReport(service: string, checks: readonly HealthCheck[]): Promise<HealthReport> {
  const results = await Promise.all(
    checks.map(async ([name, check]) => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
      });
      const up = await Promise.race([check(), timeout]).then(
        () => true,
        () => false,
      );
      clearTimeout(timer);
      return [name, up ? 'up' : 'down'] as const;
    }),
  );
  return {
    status: results.every(([, state]) => state === 'up') ? 'ok' : 'unavailable',
    service,
    checks: Object.fromEntries(results),
  };
}

/**
 * The operations port of an app: `/health/live` (the process runs), `/health/ready` (its dependencies answer) and
 * `/metrics` (Prometheus's text format). Kept off the gateway's public port: only probes and the scraper reach it.
 */
export function startHealthServer(service: string, port: number, checks: readonly HealthCheck[]): Promise<Server> {
  collectProcessMetrics();
  const server = createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const reply = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
      response.end(JSON.stringify(body));
    };
    if (path === '/health/live') return reply(200, { status: 'ok', service });
    if (path === '/metrics') {
      return void metricsRegistry.metrics().then(
        (text) => {
          response.writeHead(200, { 'content-type': metricsRegistry.contentType, 'cache-control': 'no-store' });
          response.end(text);
        },
        () => reply(500, { message: INTERNAL.message, code: INTERNAL.code }),
      );
    }
    if (path !== '/health/ready') return reply(404, { message: 'Not Found', code: 'NOT_FOUND' });
    healthReport(service, checks).then(
      (report) => reply(report.status === 'ok' ? 200 : 503, report),
      () => reply(503, { status: 'unavailable', service, checks: {} }),
    );
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve(server));
  });
}
