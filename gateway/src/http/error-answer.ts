import {
  DomainError,
  errorDefinitionOf,
  isErrorDefinition,
  RequestErrors,
  type ErrorDefinition,
} from '@authsvc/errors';
import { HttpException } from '@nestjs/common';

/**
 * What the framework refuses before any handler runs: Nest's unknown route, and a Content-Type header Fastify
 * cannot parse (refused before our body parser sees the body).
 */
const FRAMEWORK_ANSWERS = new Map<number, ErrorDefinition>([
  [404, RequestErrors.NOT_FOUND],
  [415, RequestErrors.UNSUPPORTED_MEDIA_TYPE],
]);

/**
 * What the API answers for a failure, or null for an unexpected one (a 500 the caller logs). A catalogue
 * error, thrown here or replied by a service, is answered as the catalogue has it, looked up by its code:
 * a service's reply does not choose its own status or message.
 */
export function errorAnswerOf(exception: unknown): ErrorDefinition | null {
  if (exception instanceof DomainError || isErrorDefinition(exception)) {
    return errorDefinitionOf(exception.code, exception) ?? null;
  }
  if (exception instanceof HttpException) return FRAMEWORK_ANSWERS.get(exception.getStatus()) ?? null;
  return null;
}
