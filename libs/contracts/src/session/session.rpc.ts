import { defineRpc } from '../messaging/rpc-definition.js';
import {
  CreateSessionRequest,
  GetSessionRequest,
  ListUserSessionsRequest,
  RevokeSessionRequest,
  RevokeUserSessionsRequest,
} from './session.requests.js';
import type { SessionView } from './session.view.js';

/** A live session; `refreshed` says its expiry was just extended (the cookie must be re-issued). */
export interface CurrentSessionReply {
  readonly session: SessionView;
  readonly refreshed: boolean;
}

// WARNING: persisted names (subjects), do not rename.
export const SessionRpc = {
  create: defineRpc<CreateSessionRequest, SessionView>('session.rpc.session.create', CreateSessionRequest),
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
} as const;

export const SESSION_QUEUE = 'session';
/** Durable JetStream consumer through which the session service reacts to identity events. */
export const SESSION_IDENTITY_CONSUMER = 'session-identity';
