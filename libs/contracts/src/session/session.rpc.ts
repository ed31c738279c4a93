import { defineRpc } from '../messaging/rpc-definition.js';
import {
  CreateSessionRequest,
  GetSessionRequest,
  ListUserSessionsRequest,
  RevokeSessionRequest,
  RefreshUserRequest,
  RevokeUserSessionsRequest,
} from './session.requests.js';
import type { UserView } from '../identity/user.view.js';
import type { SessionView } from './session.view.js';

/**
 * A live session with its user (identity's `UserView`, as `identity.rpc.user.get` answers it); `refreshed`
 * says its expiry was just extended (the cookie must be re-issued).
 */
export interface CurrentSessionReply {
  readonly session: SessionView;
  readonly user: UserView;
  readonly refreshed: boolean;
}

/** A session just started, with the user it was started for. */
export interface StartedSession {
  readonly session: SessionView;
  readonly user: UserView;
}

// WARNING: persisted names (subjects), do not rename.
export const SessionRpc = {
  create: defineRpc<CreateSessionRequest, StartedSession>('session.rpc.session.create', CreateSessionRequest),
  get: defineRpc<GetSessionRequest, CurrentSessionReply | null>('session.rpc.session.get', GetSessionRequest),
  revoke: defineRpc<RevokeSessionRequest, { revoked: boolean }>('session.rpc.session.revoke', RevokeSessionRequest),
  listForUser: defineRpc<ListUserSessionsRequest, SessionView[]>(
    'session.rpc.session.list-for-user',
    ListUserSessionsRequest,
  ),
  revokeForUser: defineRpc<RevokeUserSessionsRequest, { revoked: number }>(
    'session.rpc.session.revoke-for-user',
    RevokeUserSessionsRequest,
  ),
  /** After identity changed a user outside a request carrying their session: the next get-session shows it. */
  refreshUser: defineRpc<RefreshUserRequest, { status: true }>('session.rpc.user-snapshot.refresh', RefreshUserRequest),
} as const;

export const SESSION_QUEUE = 'session';
/** Durable JetStream consumer through which the session service keeps its user snapshots (`identity.events.user.>`). */
export const SESSION_IDENTITY_CONSUMER = 'session-identity';
/** Durable JetStream consumer through which the session service ends sessions on password changes. */
export const SESSION_CREDENTIAL_CONSUMER = 'session-identity-credentials';
