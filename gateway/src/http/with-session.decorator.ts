import { SetMetadata } from '@nestjs/common';

export const SESSION_REQUIREMENT = Symbol('SessionRequirement');

export type SessionRequirement = 'required' | 'optional';

/**
 * The handler needs the caller's session (401 UNAUTHORIZED without one), or with `{ optional: true }` takes it
 * when there is one; `CallerGuard` resolves it into `@Caller()`.
 */
export const WithSession = ({ optional = false } = {}): MethodDecorator =>
  SetMetadata<symbol, SessionRequirement>(SESSION_REQUIREMENT, optional ? 'optional' : 'required');
