import {
  SessionRpc,
  sessionClientIn,
  type CreateSessionRequest,
  type SessionClientRequest,
  type StartedSession,
  type UserView,
} from '@authsvc/contracts';
import { forwardRequest, type ForwardedRequest } from '@authsvc/platform';

/**
 * Hands a request that just proved who `user` is on to the session service, which starts their session for the
 * request's client with `user` as identity read it, and answers the caller itself.
 */
export function startSessionFor(
  user: UserView,
  request: SessionClientRequest,
  how: Pick<CreateSessionRequest, 'endOtherSessions' | 'userChanged' | 'newUser'> = {},
): ForwardedRequest<StartedSession> {
  return forwardRequest(SessionRpc.startProven, { ...sessionClientIn(request), actorId: user.id, user, ...how });
}
