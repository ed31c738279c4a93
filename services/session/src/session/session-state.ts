import { SessionEventTypes } from '@authsvc/contracts';
import { EventUnion, type RecordedEvent } from '@authsvc/platform';
import type { SessionEntity } from './session.entity.js';

export function sessionStreamId(sessionId: string): string {
  return `session-${sessionId}`;
}

export type SessionState =
  | { readonly status: 'none' }
  | {
      readonly status: 'active';
      readonly sessionId: string;
      readonly userId: string;
      readonly createdAt: Date;
      readonly expiresAt: Date;
      readonly activeOrganizationId: string | null;
      readonly activeTeamId: string | null;
      /** When the active organization and team were last chosen (at first: when the session started). */
      readonly activeSince: Date;
      /** The admin impersonating the user in this session, or null for the user's own session. */
      readonly impersonatedBy: string | null;
    }
  | { readonly status: 'ended' };

export const initialSessionState: SessionState = { status: 'none' };

/**
 * A session's state as its row shows it. The row is the inline projection of the session's stream, read with the
 * stream's version (`EventStore.rowAtVersion`), so it is the state that replaying the stream up to that version
 * gives. No row: a stream not started yet (version 0), or a session that ended (its row goes with it).
 */
export function sessionStateOf(row: SessionEntity | null, version: number): SessionState {
  if (!row) return version === 0 ? { status: 'none' } : { status: 'ended' };
  return {
    status: 'active',
    sessionId: row.id,
    userId: row.userId,
    createdAt: row.createdAt,
    expiresAt: row.expiresAt,
    activeOrganizationId: row.activeOrganizationId,
    activeTeamId: row.activeTeamId,
    activeSince: row.activeSince,
    impersonatedBy: row.impersonatedBy,
  };
}

/** Every event a session's stream records: every event the session service declares. */
const sessionEvents = new EventUnion(SessionEventTypes);

/**
 * The session's events replayed: the state `sessionStateOf` reads from the row must be this (the specs hold the two
 * equal), so the decider sees the same state whichever way it was had.
 */
export function evolveSession(state: SessionState, recorded: RecordedEvent): SessionState {
  const event = sessionEvents.narrow(recorded);
  switch (event.type) {
    case 'SessionCreated':
      return {
        status: 'active',
        sessionId: event.data.sessionId,
        userId: event.data.userId,
        createdAt: new Date(event.data.createdAt),
        expiresAt: new Date(event.data.expiresAt),
        activeOrganizationId: null,
        activeTeamId: null,
        activeSince: new Date(event.data.createdAt),
        impersonatedBy: event.data.impersonatedBy ?? null,
      };
    case 'SessionRefreshed':
      return state.status === 'active' ? { ...state, expiresAt: new Date(event.data.expiresAt) } : state;
    case 'SessionRevoked':
      return { status: 'ended' };
    case 'ActiveOrganizationChanged':
      if (state.status !== 'active') return state;
      return {
        ...state,
        activeOrganizationId: event.data.organizationId,
        activeTeamId: event.data.teamId,
        activeSince: new Date(event.data.changedAt),
      };
    default: {
      const unknownEvent: never = event;
      throw new Error(`unknown event ${JSON.stringify(unknownEvent)}`);
    }
  }
}
