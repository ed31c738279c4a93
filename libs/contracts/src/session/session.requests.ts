import { UserViewPayload } from '../identity/user.view.js';
import {
  Id,
  LIMITS,
  Nested,
  NonEmptyText,
  NullableText,
  OptionalBoolean,
  OptionalId,
  OptionalText,
  OptionalTimestamp,
  Text,
} from '../messaging/fields.js';
import { SessionClientRequest } from '../messaging/session-client.request.js';
import { traced, TracedRequest } from '../messaging/traced-request.js';

/**
 * Starts a session for a user who just proved who they are, named by `user` (identity's view of them from that
 * proof). The session service takes only its id: the user the session is decided on (ban), cached with and
 * answered with is its own copy of identity's users, or identity's answer while a change may be in flight.
 */
export class CreateSessionRequest extends SessionClientRequest {
  @Nested(() => UserViewPayload)
  user!: UserViewPayload;

  /**
   * The user was registered by the same request, so the session service holds nothing of theirs yet and makes
   * their data key within the session's own write. A hint: were it wrong, the write is made again the usual way.
   */
  @OptionalBoolean()
  newUser?: boolean;

  /** Every other live session of the user ends first (a password change that signs out everywhere). */
  @OptionalBoolean()
  endOtherSessions?: boolean;

  /** The same request changed the user (a verifying click): every session of theirs shows the change at once. */
  @OptionalBoolean()
  userChanged?: boolean;

  /**
   * The admin who starts this session as the user (admin impersonate-user, the request's actor): it lasts the
   * impersonation's duration, is never extended, and records the admin in `impersonatedBy`.
   */
  @OptionalId()
  impersonatedBy?: string;
}

/** Names one session by its token (refresh, expire). */
export class SessionTokenRequest extends TracedRequest {
  @Text(LIMITS.sessionToken)
  token!: string;
}

export class GetSessionRequest extends SessionTokenRequest {
  /**
   * The caller's request may change the user (update-user, a verification link): their cached views are
   * dropped and, for a few seconds, the user is read from identity instead of the event-fed snapshot, so the
   * change shows on the very next get-session even before identity's event arrives.
   */
  @OptionalBoolean()
  userMayChange?: boolean;

  /** The gateway found no entry in Redis: the session service rebuilds it from Postgres without looking again. */
  @OptionalBoolean()
  missedInRedis?: boolean;
}

/** POST /revoke-session: one of the signed-in user's sessions, by its token. */
export class RevokeSessionBody {
  @NonEmptyText(LIMITS.sessionToken)
  token!: string;
}

/** Ends the session with this token; with `userId`, only if it is one of that user's sessions. */
export class RevokeSessionRequest extends traced(RevokeSessionBody) {
  @OptionalId()
  userId?: string;
}

export class ListUserSessionsRequest extends TracedRequest {
  @Id()
  userId!: string;
}

/** Ends every live session of a user, except the one with `exceptToken`, or those created since `createdBefore`. */
export class RevokeUserSessionsRequest extends TracedRequest {
  @Id()
  userId!: string;

  @OptionalTimestamp()
  createdBefore?: string;

  @OptionalText(LIMITS.sessionToken)
  exceptToken?: string;
}

/**
 * Identity just changed this user in a request without their session (a verification or email-change link
 * followed in another browser): their cached views are dropped and, for a few seconds, read from identity.
 */
export class RefreshUserRequest extends TracedRequest {
  @Id()
  userId!: string;
}

/**
 * Identity just changed this user (an admin's change, or their own profile update): the session service brings
 * its copy of the user and every cached session of theirs to identity's view before the caller gets that view
 * as its answer. `rightsMayEnd`: the change may have taken admin rights (a role or a ban): the impersonations
 * the user holds end unless their role still grants impersonation.
 */
export class UserChangedRequest extends TracedRequest {
  @Id()
  userId!: string;

  @OptionalBoolean()
  rightsMayEnd?: boolean;
}

/**
 * Makes an organization (and a team of it, or none) the active one of a session; null clears it. The caller has
 * checked the membership with the organization service; the session service only records the choice.
 */
export class SetActiveOrganizationRequest extends SessionTokenRequest {
  @NullableText(LIMITS.id)
  organizationId!: string | null;

  @NullableText(LIMITS.id)
  teamId!: string | null;
}
