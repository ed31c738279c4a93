import { DomainError, RequestErrors, type ErrorDefinition } from '@authsvc/errors';
import { Catch, HttpException, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { Request, Response } from 'express';
import { sendError } from './error-response.js';
import { correlationIdOf } from '../http/request-context.js';

/**
 * Turns every failure into `{message, code}`: catalogue errors with their status, Nest's own HTTP
 * errors (unknown route) by status, anything else into a logged 500 with no internals in the body.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<Response>();
    sendError(response, this.toDefinition(exception, http.getRequest<Request>()));
  }

  private toDefinition(exception: unknown, request: Request): ErrorDefinition {
    if (exception instanceof DomainError) return exception.toJSON();
    if (exception instanceof HttpException && exception.getStatus() === 404) return RequestErrors.NOT_FOUND;
    this.logger.error(
      `unexpected error on ${request.method} ${request.path} (correlation ${correlationIdOf(request)}): ` +
        `${(exception as Error)?.stack ?? String(exception)}`,
    );
    return RequestErrors.INTERNAL_SERVER_ERROR;
  }
}
