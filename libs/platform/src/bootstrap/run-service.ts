import { ConfigError } from '@authsvc/config';
import { stopTracing } from '../tracing/tracing-state.js';
import { InfrastructureUnavailable } from './infrastructure-unavailable.js';

type Closer = () => Promise<void>;

/**
 * Runs a process's start-up: a bad environment or an unreachable dependency ends it with a readable
 * message and exit code 1; SIGINT/SIGTERM close what `start` opened, then exit 0.
 */
export async function runService(name: string, start: () => Promise<Closer>): Promise<void> {
  let close: Closer;
  try {
    close = await start();
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
    const forced = setTimeout(() => process.exit(1), 10_000);
    forced.unref();
    // The spans of the last requests leave before the process does.
    close()
      .then(() => stopTracing().catch(() => undefined))
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}
