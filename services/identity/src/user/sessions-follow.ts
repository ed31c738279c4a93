import { SessionRpc, type TraceMetadata, type UserView } from '@authsvc/contracts';
import { forwardRequest, type ForwardedRequest } from '@authsvc/platform';

/** Whether the change may have taken the user's admin rights (a role change, a ban): their impersonations end. */
export type RightsChange = { readonly rightsMayEnd?: boolean };

/**
 * Hands the answer to a change of `user` on to the session service, which brings the user's copy there and every
 * cached session of theirs (read by every gateway) to identity's view, then answers the caller with that view: a
 * change of role, ban, name, image or email shows on each session's next request, not once the event arrives.
 */
export function sessionsFollow(
  user: UserView,
  { correlationId, actorId }: TraceMetadata,
  { rightsMayEnd }: RightsChange = {},
): ForwardedRequest<UserView> {
  return forwardRequest(SessionRpc.userChanged, { correlationId, actorId, userId: user.id, rightsMayEnd });
}
