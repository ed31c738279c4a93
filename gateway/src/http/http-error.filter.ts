import { DomainError, RequestErrors, type ErrorDefinition } from '@authsvc/errors';
import { Catch, Logger, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { errorAnswerOf } from './error-answer.js';
import { sendError } from './error-response.js';
import { correlationIdOf, routeOf } from './request-context.js';

/**
 * Turns every failure into `{message, code}` (see `errorAnswerOf`); anything unexpected, a code outside the
 * catalogue included, into a logged 500 with no internals in the body.
 */
@Catch()
export class HttpErrorFilter implements ExceptionFilter {
  private readonly logger = new Logger('HttpErrorFilter');

  catch(exception: unknown, host: ArgumentsHost): void {
    const http = host.switchToHttp();
    const response = http.getResponse<FastifyReply>();
    // A throttled account: the client learns the wait as from the rate limiter.
    if (exception instanceof DomainError && exception.retryAfterSeconds !== undefined) {
      response.header('X-Retry-After', String(exception.retryAfterSeconds));
    }
    sendError(response, this.toDefinition(exception, http.getRequest<FastifyRequest>()));
  }

  private toDefinition(exception: unknown, request: FastifyRequest): ErrorDefinition {
    const answer = errorAnswerOf(exception);
    if (answer) return answer;
    this.logger.error(
      `unexpected error on ${request.method} ${routeOf(request)} (correlation ${correlationIdOf(request)}): ` +
        `${exception instanceof Error ? exception.stack : JSON.stringify(exception)}`,
    );
    return RequestErrors.INTERNAL_SERVER_ERROR;
  }
}
