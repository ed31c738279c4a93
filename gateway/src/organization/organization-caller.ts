import type { OrganizationCaller, TraceMetadata } from '@authsvc/contracts';
import type { SignedInCaller } from '../http/caller.js';

/** What every organization request carries of its caller: who they are, their session's active organization and team. */
export function asOrganizationCaller({
  correlationId,
  user,
  session,
}: SignedInCaller): Required<TraceMetadata> & OrganizationCaller {
  return {
    correlationId,
    actorId: user.id,
    userId: user.id,
    activeOrganizationId: session.activeOrganizationId,
    activeTeamId: session.activeTeamId,
  };
}
