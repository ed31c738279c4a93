import {
  ActiveOrganizationChanged,
  isBanned,
  SessionCreated,
  SessionRefreshed,
  SessionRevoked,
  type SessionEndReason,
  type UserBan,
} from '@authsvc/contracts';
import { AdminErrors, DomainError, OrganizationErrors } from '@authsvc/errors';
import { pendingEvent, type PendingEvent } from '@authsvc/platform';
import type { SessionState } from './session-state.js';

/** A session not remembered lasts one day, whatever the configured lifetime (reference behaviour). */
export const DONT_REMEMBER_LIFETIME_SECONDS = 24 * 60 * 60;

export interface CreateSession {
  readonly type: 'CreateSession';
  readonly sessionId: string;
  readonly token: string;
  readonly userId: string;
  readonly ipAddress: string;
  readonly userAgent: string;
  readonly rememberMe: boolean;
  readonly lifetimeSeconds: number;
  /** Seconds from sign-in after which the session ends however it is used; 0: none. */
  readonly absoluteLifetimeSeconds: number;
  /** The user's ban as the proof that starts the session shows it: a banned user starts none, by any method. */
  readonly userBan: UserBan;
  /** An admin starts the session as the user: it lasts the impersonation's own lifetime, never extended. */
  readonly impersonation?: Impersonation;
  readonly now: Date;
}

/** Who impersonates the user, and for how long the session lasts whatever remember-me says. */
export interface Impersonation {
  readonly adminId: string;
  readonly lifetimeSeconds: number;
}

export interface RefreshSession {
  readonly type: 'RefreshSession';
  readonly lifetimeSeconds: number;
  readonly absoluteLifetimeSeconds: number;
  readonly now: Date;
}

export interface EndSession {
  readonly type: 'EndSession';
  readonly reason: SessionEndReason;
}

/**
 * Records the session's active organization and team (null: none). The caller checked the membership; the
 * session service only records the choice.
 */
export interface SetActiveOrganization {
  readonly type: 'SetActiveOrganization';
  readonly organizationId: string | null;
  readonly teamId: string | null;
  /**
   * For a reaction to a membership that ended at `endedAt`: applies only while the session still has that
   * organization (and team, when given) active, chosen before then. Membership events may arrive late (after
   * the user was added back and chose the organization again); such a late one must not undo the new choice.
   */
  readonly onlyIfActive?: { readonly organizationId: string; readonly teamId?: string; readonly endedAt: Date };
  readonly now: Date;
}

export type SessionCommand = CreateSession | RefreshSession | EndSession | SetActiveOrganization;

export function sessionExpiry(now: Date, rememberMe: boolean, lifetimeSeconds: number): Date {
  const seconds = rememberMe ? lifetimeSeconds : DONT_REMEMBER_LIFETIME_SECONDS;
  return new Date(now.getTime() + seconds * 1000);
}

/**
 * An expiry held to the absolute lifetime (ASVS 7.3.2): never later than `absoluteLifetimeSeconds` after the
 * session was created, however often it was extended; `absoluteLifetimeSeconds` 0 leaves it as it is.
 */
export function cappedExpiry(createdAt: Date, expiresAt: Date, absoluteLifetimeSeconds: number): Date {
  if (absoluteLifetimeSeconds === 0) return expiresAt;
  return new Date(Math.min(expiresAt.getTime(), createdAt.getTime() + absoluteLifetimeSeconds * 1000));
}

/** The session lifetimes that place a session's end and its refreshes. */
export interface LifetimePolicy {
  readonly lifetimeSeconds: number;
  readonly updateAgeSeconds: number;
  readonly absoluteLifetimeSeconds: number;
}

/**
 * Sliding expiry: a session is extended once it was issued (or last extended) more than `updateAge` seconds
 * ago, i.e. from `expiresAt - lifetime + updateAge` on; `updateAge` 0 extends on every use. A session that has
 * reached its absolute end, and an impersonation, cannot be extended: their refresh is never due before they
 * expire.
 */
export function refreshDueAt(
  session: { createdAt: Date; expiresAt: Date; impersonatedBy?: string | null },
  policy: LifetimePolicy,
): Date {
  const { createdAt, expiresAt } = session;
  if (session.impersonatedBy) return expiresAt;
  const absolute = policy.absoluteLifetimeSeconds;
  if (absolute > 0 && expiresAt.getTime() >= createdAt.getTime() + absolute * 1000) return expiresAt;
  return new Date(expiresAt.getTime() - (policy.lifetimeSeconds - policy.updateAgeSeconds) * 1000);
}

export function decideSession(command: SessionCommand, state: SessionState): PendingEvent[] {
  switch (command.type) {
    case 'CreateSession':
      if (isBanned(command.userBan, command.now)) throw new DomainError(AdminErrors.BANNED_USER);
      return state.status === 'none' ? [created(command)] : [];
    case 'RefreshSession': {
      if (state.status !== 'active' || state.expiresAt <= command.now) return [];
      // An impersonation ends when its duration is up, however much the admin uses it.
      if (state.impersonatedBy !== null) return [];
      const extended = new Date(command.now.getTime() + command.lifetimeSeconds * 1000);
      const expiresAt = cappedExpiry(state.createdAt, extended, command.absoluteLifetimeSeconds);
      // Past its absolute end nothing extends the session: it ends when it expires.
      if (expiresAt <= state.expiresAt) return [];
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
    case 'SetActiveOrganization':
      return setActiveOrganization(command, state);
    default: {
      const unknownCommand: never = command;
      throw new Error(`unknown command ${JSON.stringify(unknownCommand)}`);
    }
  }
}

function created(command: CreateSession): PendingEvent {
  const { impersonation } = command;
  const expiry = impersonation
    ? new Date(command.now.getTime() + impersonation.lifetimeSeconds * 1000)
    : sessionExpiry(command.now, command.rememberMe, command.lifetimeSeconds);
  const expiresAt = cappedExpiry(command.now, expiry, command.absoluteLifetimeSeconds);
  return pendingEvent(
    SessionCreated,
    {
      sessionId: command.sessionId,
      userId: command.userId,
      expiresAt: expiresAt.toISOString(),
      createdAt: command.now.toISOString(),
      rememberMe: command.rememberMe,
      ...(impersonation ? { impersonatedBy: impersonation.adminId } : {}),
    },
    { token: command.token, ipAddress: command.ipAddress, userAgent: command.userAgent },
    command.userId,
  );
}

/** Only a live session has an active organization; choosing the one it has changes nothing. */
function setActiveOrganization(command: SetActiveOrganization, state: SessionState): PendingEvent[] {
  // A team is active only within its organization (set-active-team without one is refused before this).
  if (command.teamId !== null && command.organizationId === null) {
    throw new DomainError(OrganizationErrors.NO_ACTIVE_ORGANIZATION);
  }
  if (state.status !== 'active' || state.expiresAt <= command.now) return [];
  const unchanged = command.organizationId === state.activeOrganizationId && command.teamId === state.activeTeamId;
  if (unchanged || !stillActive(command.onlyIfActive, state)) return [];
  return [
    pendingEvent(ActiveOrganizationChanged, {
      sessionId: state.sessionId,
      userId: state.userId,
      organizationId: command.organizationId,
      teamId: command.teamId,
      changedAt: command.now.toISOString(),
    }),
  ];
}

function stillActive(
  condition: SetActiveOrganization['onlyIfActive'],
  state: Extract<SessionState, { status: 'active' }>,
): boolean {
  if (!condition) return true;
  return (
    state.activeOrganizationId === condition.organizationId &&
    (condition.teamId === undefined || state.activeTeamId === condition.teamId) &&
    state.activeSince < condition.endedAt
  );
}
