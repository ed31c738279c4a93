import {
  DomainError,
  errorDefinitionOf,
  isErrorDefinition,
  RequestErrors,
  type ErrorDefinition,
} from '@authsvc/errors';
import { HttpException } from '@nestjs/common';

/**
 * What the API answers for a failure, or null for an unexpected one (a 500 the caller logs). A catalogue
 * error, thrown here or replied by a service, is answered as the catalogue has it, looked up by its code:
 * a service's reply does not choose its own status or message. Nest's own 404 (unknown route) is NOT_FOUND.
 */
export function errorAnswerOf(exception: unknown): ErrorDefinition | null {
  if (exception instanceof DomainError || isErrorDefinition(exception)) {
    return errorDefinitionOf(exception.code, exception) ?? null;
  }
  if (exception instanceof HttpException && exception.getStatus() === 404) return RequestErrors.NOT_FOUND;
  return null;
}
