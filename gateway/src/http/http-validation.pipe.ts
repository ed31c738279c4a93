import { holdsControlCharacter } from '@authsvc/contracts';
import { DomainError, RequestErrors } from '@authsvc/errors';
import { validateContract } from '@authsvc/platform';
import { Injectable, type ArgumentMetadata, type PipeTransform } from '@nestjs/common';

const PRIMITIVES = new Set<unknown>([String, Boolean, Number, Array, Object]);

/** The contract class an HTTP body or query is validated with, or undefined when its parameter has none. */
export function inputTypeOf({ metatype, type }: ArgumentMetadata): (new () => object) | undefined {
  if (!metatype || PRIMITIVES.has(metatype) || (type !== 'body' && type !== 'query')) return undefined;
  return metatype as new () => object;
}

/**
 * A body or query as an instance of its contract class, or 400 VALIDATION_ERROR with the body or query message.
 * No field may hold a control character (a NUL would reach PostgreSQL, which refuses it, and line breaks have no
 * place in names shown in mails and logs), passwords and free JSON aside (`ownCharacterRule`). Only what a client
 * sends is held to it, here at the edge: services also carry header values (a user agent may hold a tab).
 */
export async function validateInput(
  value: unknown,
  metadata: ArgumentMetadata,
  type: new () => object,
): Promise<object> {
  const invalid = metadata.type === 'query' ? RequestErrors.INVALID_QUERY : RequestErrors.INVALID_BODY;
  const input = await validateContract(type, metadata.type === 'query' ? (value ?? {}) : value, invalid);
  if (holdsControlCharacter(input)) throw new DomainError(invalid);
  return input;
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
