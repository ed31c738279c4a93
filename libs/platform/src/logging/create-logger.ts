import { ConsoleLogger, type LogLevel } from '@nestjs/common';

const ORDER: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** Logs at `level` and above; JSON lines in production so that log shippers can parse them. */
export function createLogger(appName: string, level: string, nodeEnv: string): ConsoleLogger {
  const threshold = Math.max(ORDER.indexOf(level as LogLevel), ORDER.indexOf('error'));
  return new ConsoleLogger(appName, {
    logLevels: ORDER.slice(0, threshold + 1),
    json: nodeEnv === 'production',
    colors: nodeEnv !== 'production' && Boolean(process.stdout.isTTY),
    prefix: appName,
  });
}
