import { RequestErrors } from '@authsvc/errors';
import { validateContract } from '@authsvc/platform';
import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';

const PRIMITIVES = new Set<unknown>([String, Boolean, Number, Array, Object]);

/** The contract class an HTTP body or query is validated with, or undefined when its parameter has none. */
export function inputTypeOf({ metatype, type }: ArgumentMetadata): (new () => object) | undefined {
  if (!metatype || PRIMITIVES.has(metatype) || (type !== 'body' && type !== 'query')) return undefined;
  return metatype as new () => object;
}

/** A body or query as an instance of its contract class, or 400 VALIDATION_ERROR with the body or query message. */
export function validateInput(value: unknown, metadata: ArgumentMetadata, type: new () => object): Promise<object> {
  if (metadata.type === 'query') return validateContract(type, value ?? {}, RequestErrors.INVALID_QUERY);
  return validateContract(type, value, RequestErrors.INVALID_BODY);
}

/** Validates `@Body()` and `@Query()` contract classes (a body `CallerGuard` validated already passes as it is). */
@Injectable()
export class HttpValidationPipe implements PipeTransform {
  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const type = inputTypeOf(metadata);
    if (!type || value instanceof type) return value;
    return validateInput(value, metadata, type);
  }
}
