import type { TraceMetadata } from '@authsvc/contracts';
import type { SignedInCaller } from '../http/caller.js';

/** The trace metadata of an admin's request about another user: the admin is the actor of what it records. */
export function asAdmin({ correlationId, user }: SignedInCaller): Required<TraceMetadata> {
  return { correlationId, actorId: user.id };
}
