import type { InvitationCaller, OrganizationCaller, TraceMetadata } from '@authsvc/contracts';
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

/** The organization caller with their user as the session shows it: invitations are addressed and signed with it. */
export function asInvitationCaller(caller: SignedInCaller): Required<TraceMetadata> & InvitationCaller {
  const { email, name, emailVerified } = caller.user;
  return { ...asOrganizationCaller(caller), userEmail: email, userName: name, userEmailVerified: emailVerified };
}
