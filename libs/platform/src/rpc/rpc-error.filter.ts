import { DomainError, RequestErrors, type ErrorDefinition } from '@authsvc/errors';
import { Catch, Logger, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';
import { isDatabaseUnavailable } from '../database/database-unavailable.js';

/**
 * Every failure of a message handler travels back as `{code, message, status}`. Unexpected errors are
 * logged here with their correlation id and leave as a plain 500: no stack, no internals. PostgreSQL out of reach
 * (down, restarting) leaves as 503, which says to try again.
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): Observable<ErrorDefinition> {
    if (exception instanceof DomainError) return throwError(() => exception.toJSON());
    const payload = host.switchToRpc().getData<{ correlationId?: unknown } | undefined>();
    const correlationId = typeof payload?.correlationId === 'string' ? payload.correlationId : 'unknown';
    if (isDatabaseUnavailable(exception)) return this.unavailable(correlationId, exception as Error);
    this.logger.error(
      `unexpected error (correlation ${correlationId}): ${(exception as Error)?.stack ?? String(exception)}`,
    );
    const { code, message, status } = RequestErrors.INTERNAL_SERVER_ERROR;
    return throwError(() => ({ code, message, status }));
  }

  /** PostgreSQL down or restarting is no fault of the handler's: the caller answers 503, one warning line here. */
  private unavailable(correlationId: string, exception: Error): Observable<ErrorDefinition> {
    this.logger.warn(`database unavailable (correlation ${correlationId}): ${exception.message}`);
    const { code, message, status } = RequestErrors.SERVICE_UNAVAILABLE;
    return throwError(() => ({ code, message, status }));
  }
}
