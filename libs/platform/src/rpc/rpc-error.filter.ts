import { DomainError, RequestErrors, type ErrorDefinition } from '@authsvc/errors';
import { Catch, Logger, type ArgumentsHost, type RpcExceptionFilter } from '@nestjs/common';
import { throwError, type Observable } from 'rxjs';

/**
 * Every failure of a message handler travels back as `{code, message, status}`. Unexpected errors are
 * logged here with their correlation id and leave as a plain 500: no stack, no internals.
 */
@Catch()
export class RpcErrorFilter implements RpcExceptionFilter<unknown> {
  private readonly logger = new Logger('RpcErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): Observable<ErrorDefinition> {
    if (exception instanceof DomainError) return throwError(() => exception.toJSON());
    const payload = host.switchToRpc().getData<{ correlationId?: unknown } | undefined>();
    const correlationId = typeof payload?.correlationId === 'string' ? payload.correlationId : 'unknown';
    this.logger.error(
      `unexpected error (correlation ${correlationId}): ${(exception as Error)?.stack ?? String(exception)}`,
    );
    const { code, message, status } = RequestErrors.INTERNAL_SERVER_ERROR;
    return throwError(() => ({ code, message, status }));
  }
}
