import { RequestErrors, type ErrorDefinition } from '@authsvc/errors';
import { SetMetadata } from '@nestjs/common';

export const SESSION_REQUIREMENT = Symbol('SessionRequirement');

export interface SessionRequirement {
  /** Without a session the handler still runs (`@Caller()` has none) instead of answering 401. */
  readonly optional: boolean;
  /** The handler may change the signed-in user: see `ResolveOptions.userMayChange`. */
  readonly changesUser: boolean;
  /** What a caller without a session is answered when the session is not optional. */
  readonly withoutSession: ErrorDefinition;
}

/**
 * The handler needs the caller's session (401 UNAUTHORIZED without one, or the `withoutSession` error where the
 * reference answers another), or with `{ optional: true }` takes it when there is one; `CallerGuard` resolves it
 * into `@Caller()`. `{ changesUser: true }` marks the handlers that may change the caller's own user (profile,
 * email, password, role, ban, deletion).
 */
export const WithSession = ({
  optional = false,
  changesUser = false,
  withoutSession = RequestErrors.UNAUTHORIZED,
}: Partial<SessionRequirement> = {}): MethodDecorator =>
  SetMetadata<symbol, SessionRequirement>(SESSION_REQUIREMENT, { optional, changesUser, withoutSession });
