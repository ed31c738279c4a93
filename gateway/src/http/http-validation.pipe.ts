import { RequestErrors } from '@authsvc/errors';
import { validateContract } from '@authsvc/platform';
import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';

const PRIMITIVES = new Set<unknown>([String, Boolean, Number, Array, Object]);

/** Validates `@Body()` and `@Query()` DTO classes: 400 VALIDATION_ERROR with the body or query message. */
@Injectable()
export class HttpValidationPipe implements PipeTransform {
  async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    const type = metadata.metatype as (new () => object) | undefined;
    if (!type || PRIMITIVES.has(type) || (metadata.type !== 'body' && metadata.type !== 'query')) return value;
    const invalid = metadata.type === 'body' ? RequestErrors.INVALID_BODY : RequestErrors.INVALID_QUERY;
    return validateContract(type, value ?? (metadata.type === 'query' ? {} : undefined), invalid);
  }
}
