import { defineRpc } from '../messaging/rpc-definition.js';
import {
  CreateSessionRequest,
  GetSessionRequest,
  SessionTokenRequest,
  ListUserSessionsRequest,
  RevokeSessionRequest,
  RefreshUserRequest,
  UserChangedRequest,
  RevokeUserSessionsRequest,
  SetActiveOrganizationRequest,
} from './session.requests.js';
import type { UserView } from '../identity/user.view.js';
import type { SessionReadModel } from './session-read-model.js';
import type { SessionView } from './session.view.js';

/** A session with its user (identity's `UserView`, as `identity.rpc.user.get` answers it). */
export interface SessionAndUser {
  readonly session: SessionView;
  readonly user: UserView;
}

/** A session just started, with the user it was started for; `newUser` when the same request registered them. */
export type StartedSession = SessionAndUser & { readonly newUser?: true };

// WARNING: persisted names (subjects), do not rename.
export const SessionRpc = {
  /**
   * Starts a session for `user.id`; of the request's user only the id counts (the gateway sends it: the role and ban
   * come from the session service's copy of identity's users, or identity).
   */
  create: defineRpc<CreateSessionRequest, StartedSession>('session.rpc.session.create', CreateSessionRequest),
  /**
   * Starts a session for a user identity has just proven (a sign-in, a sign-up, a verifying click), with identity's
   * view of them as it read it: only identity's credential may publish it (NATS authorization), so the session
   * service takes the view as identity's own and asks nobody again.
   */
  startProven: defineRpc<CreateSessionRequest, StartedSession>(
    'session.rpc.session.start-proven',
    CreateSessionRequest,
  ),
  /**
   * The read model of a session as the gateway reads it from Redis, rebuilt from Postgres on a miss; null for
   * an unknown or ended token. An expired session is answered as it is stored: the caller expires it.
   */
  get: defineRpc<GetSessionRequest, SessionReadModel | null>('session.rpc.session.get', GetSessionRequest),
  /** Extends a session whose refresh is due; null when it has ended or expired. */
  refresh: defineRpc<SessionTokenRequest, SessionAndUser | null>('session.rpc.session.refresh', SessionTokenRequest),
  /** Records that a session expired; false when it had already ended. */
  expire: defineRpc<SessionTokenRequest, { expired: boolean }>('session.rpc.session.expire', SessionTokenRequest),
  revoke: defineRpc<RevokeSessionRequest, { revoked: boolean }>('session.rpc.session.revoke', RevokeSessionRequest),
  listForUser: defineRpc<ListUserSessionsRequest, SessionView[]>(
    'session.rpc.session.list-for-user',
    ListUserSessionsRequest,
  ),
  revokeForUser: defineRpc<RevokeUserSessionsRequest, { revoked: number }>(
    'session.rpc.session.revoke-for-user',
    RevokeUserSessionsRequest,
  ),
  /** The session with its new active organization and team; null when the session has ended or expired. */
  setActive: defineRpc<SetActiveOrganizationRequest, SessionAndUser | null>(
    'session.rpc.session.set-active',
    SetActiveOrganizationRequest,
  ),
  /** After identity changed a user outside a request carrying their session: the next get-session shows it. */
  refreshUser: defineRpc<RefreshUserRequest, { status: true }>('session.rpc.user-snapshot.refresh', RefreshUserRequest),
  /** Identity changed the user: every session of theirs shows it from the answer on (identity hands this on). */
  userChanged: defineRpc<UserChangedRequest, UserView>('session.rpc.user-snapshot.changed', UserChangedRequest),
} as const;

export const SESSION_QUEUE = 'session';
