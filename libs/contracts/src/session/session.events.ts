import { defineEvent } from '../messaging/event-definition.js';

// WARNING: persisted names (event types and subjects), do not rename.
/**
 * The token is a bearer credential: the personal part never leaves the session service. `impersonatedBy`: the
 * admin who started this session as the user (absent for the user's own sessions).
 */
export const SessionCreated = defineEvent<
  'SessionCreated',
  {
    sessionId: string;
    userId: string;
    expiresAt: string;
    createdAt: string;
    rememberMe: boolean;
    impersonatedBy?: string;
  },
  { token: string; ipAddress: string; userAgent: string }
>('SessionCreated', 'session.events.session.created', { personalIsPrivate: true });

export const SessionRevoked = defineEvent<
  'SessionRevoked',
  { sessionId: string; userId: string; reason: SessionEndReason }
>('SessionRevoked', 'session.events.session.revoked');

/** Why a session ended: signed out, expired, or revoked by its user from a session of theirs. */
export type SessionEndReason = 'sign-out' | 'expired' | 'revoked';

/** A session used after its update age gets a new expiry (sliding sessions). */
export const SessionRefreshed = defineEvent<
  'SessionRefreshed',
  {
    sessionId: string;
    userId: string;
    expiresAt: string;
    refreshedAt: string;
  }
>('SessionRefreshed', 'session.events.session.refreshed');

/**
 * The session's active organization and team (null: none) changed: chosen by its user (after the organization
 * service checked the membership), or cleared because that membership ended.
 */
export const ActiveOrganizationChanged = defineEvent<
  'ActiveOrganizationChanged',
  {
    sessionId: string;
    userId: string;
    organizationId: string | null;
    teamId: string | null;
    changedAt: string;
  }
>('ActiveOrganizationChanged', 'session.events.session.active-organization-changed');

/** Every event the session service records and publishes, all in session streams: the session aggregate's union. */
export const SessionEventTypes = [SessionCreated, SessionRevoked, SessionRefreshed, ActiveOrganizationChanged] as const;

export const SESSION_EVENTS_STREAM = 'SESSION_EVENTS';
/** The facts other services and systems may subscribe to. */
export const SESSION_EVENTS_SUBJECTS = 'session.events.>';
