import { LIMITS, nestedDeeperThan, toContractInstance } from '@authsvc/contracts';
import { DomainError, type ErrorDefinition } from '@authsvc/errors';
import { validate } from 'class-validator';
import { installValidationMetadataCache } from './validation-metadata-cache.js';

// Every validation of the gateway's pipe and the services' pipe comes through here, so the cache is in place first.
installValidationMetadataCache();

/**
 * Validates a plain payload against a contract class (the same class on both sides of a message).
 * Unknown keys are stripped; a payload that is not an object, nests deeper than `LIMITS.inputDepth` (which would
 * overflow a serializer's stack further on, a 500), or breaks a rule, throws `invalid`.
 */
export async function validateContract<T extends object>(
  type: new () => T,
  payload: unknown,
  invalid: ErrorDefinition,
): Promise<T> {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new DomainError(invalid);
  if (nestedDeeperThan(payload, LIMITS.inputDepth)) throw new DomainError(invalid);
  const instance = toContractInstance(type, payload);
  const problems = await validate(instance, { whitelist: true, forbidUnknownValues: true });
  if (problems.length > 0) throw new DomainError(invalid);
  return instance;
}
