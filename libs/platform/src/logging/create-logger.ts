import { ConsoleLogger, type LogLevel } from '@nestjs/common';
import { trace } from '@opentelemetry/api';
import { activeTracer } from '../tracing/tracing-state.js';

const ORDER: LogLevel[] = ['fatal', 'error', 'warn', 'log', 'debug', 'verbose'];

/** The ids of the span active where a line is logged, so that a log line leads to its trace. */
function traceFields(): { traceId: string; spanId: string } | undefined {
  const span = activeTracer() && trace.getActiveSpan();
  if (!span) return undefined;
  const { traceId, spanId } = span.spanContext();
  return { traceId, spanId };
}

/** Nest's console logger, each line with `traceId` and `spanId` while a span is active (tracing on). */
class TraceAwareLogger extends ConsoleLogger {
  protected override getJsonLogObject(...args: Parameters<ConsoleLogger['getJsonLogObject']>) {
    return { ...super.getJsonLogObject(...args), ...traceFields() };
  }

  protected override formatMessage(...args: Parameters<ConsoleLogger['formatMessage']>): string {
    const line = super.formatMessage(...args);
    const fields = traceFields();
    return fields ? `${line.trimEnd()} traceId=${fields.traceId} spanId=${fields.spanId}\n` : line;
  }
}

/** Logs at `level` and above; JSON lines in production so that log shippers can parse them. */
export function createLogger(appName: string, level: string, nodeEnv: string): ConsoleLogger {
  const threshold = Math.max(ORDER.indexOf(level as LogLevel), ORDER.indexOf('error'));
  return new TraceAwareLogger(appName, {
    logLevels: ORDER.slice(0, threshold + 1),
    json: nodeEnv === 'production',
    colors: nodeEnv !== 'production' && Boolean(process.stdout.isTTY),
    prefix: appName,
  });
}
