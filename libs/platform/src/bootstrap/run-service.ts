import { ConfigError } from '@authsvc/config';
import { stopTracing } from '../tracing/tracing-state.js';
import { InfrastructureUnavailable } from './infrastructure-unavailable.js';

/** What a started process leaves to do on SIGTERM: finish its work within `shutdownTimeoutMs`, then close. */
export interface Started {
  close(): Promise<void>;
  readonly shutdownTimeoutMs: number;
}

/** Beyond the shutdown timeout, the time closing connections may take before the process is ended by force. */
const CLOSE_MARGIN_MS = 5000;

/**
 * Runs a process's start-up: a bad environment or an unreachable dependency ends it with a readable
 * message and exit code 1; SIGINT/SIGTERM close what `start` opened, then exit 0 (1 if that failed or took
 * longer than its shutdown timeout and a margin).
 */
export async function runService(name: string, start: () => Promise<Started>): Promise<void> {
  let started: Started;
  try {
    started = await start();
  } catch (error) {
    const known = error instanceof ConfigError || error instanceof InfrastructureUnavailable;
    process.stderr.write(`[${name}] cannot start: ${known ? (error as Error).message : (error as Error).stack}\n`);
    process.exit(1);
  }
  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    process.stderr.write(`[${name}] ${signal}: shutting down\n`);
    const forced = setTimeout(() => process.exit(1), started.shutdownTimeoutMs + CLOSE_MARGIN_MS);
    forced.unref();
    const stopping = performance.now();
    // The spans of the last requests leave before the process does.
    started
      .close()
      .then(() => stopTracing().catch(() => undefined))
      .then(
        () => {
          process.stderr.write(`[${name}] stopped in ${Math.round(performance.now() - stopping)} ms\n`);
          process.exit(0);
        },
        () => process.exit(1),
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
