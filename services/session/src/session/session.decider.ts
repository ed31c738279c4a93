import {
  SessionCreated,
  SessionEventTypes,
  SessionRefreshed,
  SessionRevoked,
  type SessionEndReason,
} from '@authsvc/contracts';
import { EventUnion, pendingEvent, type PendingEvent, type RecordedEvent } from '@authsvc/platform';

/** A session not remembered lasts one day, whatever the configured lifetime (reference behaviour). */
export const DONT_REMEMBER_LIFETIME_SECONDS = 24 * 60 * 60;

export type SessionState =
  | { readonly status: 'none' }
  | { readonly status: 'active'; readonly sessionId: string; readonly userId: string; readonly expiresAt: Date }
  | { readonly status: 'ended' };

export const initialSessionState: SessionState = { status: 'none' };

export interface CreateSession {
  readonly type: 'CreateSession';
  readonly sessionId: string;
  readonly token: string;
  readonly userId: string;
  readonly ipAddress: string;
  readonly userAgent: string;
  readonly rememberMe: boolean;
  readonly lifetimeSeconds: number;
  readonly now: Date;
}

export interface RefreshSession {
  readonly type: 'RefreshSession';
  readonly lifetimeSeconds: number;
  readonly now: Date;
}

export interface EndSession {
  readonly type: 'EndSession';
  readonly reason: SessionEndReason;
}

export type SessionCommand = CreateSession | RefreshSession | EndSession;

export function sessionExpiry(now: Date, rememberMe: boolean, lifetimeSeconds: number): Date {
  const seconds = rememberMe ? lifetimeSeconds : DONT_REMEMBER_LIFETIME_SECONDS;
  return new Date(now.getTime() + seconds * 1000);
}

/**
 * Sliding expiry: a session is extended once it was issued (or last extended) more than `updateAge` seconds
 * ago, i.e. from `expiresAt - lifetime + updateAge` on; `updateAge` 0 extends on every use.
 */
export function refreshDueAt(expiresAt: Date, lifetimeSeconds: number, updateAgeSeconds: number): Date {
  return new Date(expiresAt.getTime() - (lifetimeSeconds - updateAgeSeconds) * 1000);
}

export function decideSession(command: SessionCommand, state: SessionState): PendingEvent[] {
  switch (command.type) {
    case 'CreateSession':
      return state.status === 'none' ? [created(command)] : [];
    case 'RefreshSession': {
      if (state.status !== 'active' || state.expiresAt <= command.now) return [];
      const expiresAt = new Date(command.now.getTime() + command.lifetimeSeconds * 1000);
      return [
        pendingEvent(SessionRefreshed, {
          sessionId: state.sessionId,
          userId: state.userId,
          expiresAt: expiresAt.toISOString(),
          refreshedAt: command.now.toISOString(),
        }),
      ];
    }
    case 'EndSession':
      // Ending an ended session is a no-op: sign-out twice must not fail.
      if (state.status !== 'active') return [];
      return [
        pendingEvent(SessionRevoked, { sessionId: state.sessionId, userId: state.userId, reason: command.reason }),
      ];
    default: {
      const unknownCommand: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknownCommand)}`);
    }
  }
}

function created(command: CreateSession): PendingEvent {
  const expiresAt = sessionExpiry(command.now, command.rememberMe, command.lifetimeSeconds);
  return pendingEvent(
    SessionCreated,
    {
      sessionId: command.sessionId,
      userId: command.userId,
      expiresAt: expiresAt.toISOString(),
      createdAt: command.now.toISOString(),
      rememberMe: command.rememberMe,
    },
    { token: command.token, ipAddress: command.ipAddress, userAgent: command.userAgent },
    command.userId,
  );
}

/** Every event a session's stream records: every event the session service declares. */
const sessionEvents = new EventUnion(SessionEventTypes);

export function evolveSession(state: SessionState, recorded: RecordedEvent): SessionState {
  const event = sessionEvents.narrow(recorded);
  switch (event.type) {
    case 'SessionCreated':
      return {
        status: 'active',
        sessionId: event.data.sessionId,
        userId: event.data.userId,
        expiresAt: new Date(event.data.expiresAt),
      };
    case 'SessionRefreshed':
      return state.status === 'active' ? { ...state, expiresAt: new Date(event.data.expiresAt) } : state;
    case 'SessionRevoked':
      return { status: 'ended' };
    default: {
      const unknownEvent: never = event;
      throw new Error(`unknown event ${JSON.stringify(unknownEvent)}`);
    }
  }
}

export function sessionStreamId(sessionId: string): string {
  return `session-${sessionId}`;
}
