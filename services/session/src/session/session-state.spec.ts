import { projectedRow, type PendingEvent } from '@authsvc/platform';
import { asRecordedEvent } from '@authsvc/platform/testing';
import { sessionViewProjection } from './projections/session-view.projection.js';
import { evolveSession, initialSessionState, sessionStateOf } from './session-state.js';
import { decideSession, type SessionCommand } from './session.decider.js';

const start = new Date('2026-05-01T00:00:00.000Z');
const at = (minutes: number) => new Date(start.getTime() + minutes * 60_000);

/** The events a sequence of commands records on one session, each decided on the state before it. */
function recorded(commands: readonly SessionCommand[]): PendingEvent[] {
  const events: PendingEvent[] = [];
  for (const command of commands) {
    const state = events.map(asRecordedEvent).reduce(evolveSession, initialSessionState);
    events.push(...decideSession(command, state));
  }
  return events;
}

const create: SessionCommand = {
  type: 'CreateSession',
  sessionId: 's1',
  token: 'token1',
  userId: 'u1',
  ipAddress: '127.0.0.1',
  userAgent: 'jest',
  rememberMe: true,
  lifetimeSeconds: 3600,
  absoluteLifetimeSeconds: 0,
  userBan: { banned: false, banExpires: null },
  impersonation: undefined,
  now: start,
};
const choose = (organizationId: string | null, teamId: string | null, minutes: number): SessionCommand => ({
  type: 'SetActiveOrganization',
  organizationId,
  teamId,
  now: at(minutes),
});
const refresh = (minutes: number): SessionCommand => ({
  type: 'RefreshSession',
  lifetimeSeconds: 3600,
  absoluteLifetimeSeconds: 0,
  now: at(minutes),
});

describe('a session state read from its row', () => {
  it.each([
    ['a new session', [create]],
    ['a refreshed one', [create, refresh(30)]],
    ['one with an active organization and team', [create, choose('org-1', 'team-1', 5)]],
    ['one refreshed between two choices', [create, choose('org-1', null, 5), refresh(30), choose(null, null, 40)]],
    ['an impersonation', [{ ...create, impersonation: { adminId: 'admin-1', lifetimeSeconds: 600 } }]],
    ['an ended session', [create, choose('org-1', null, 5), { type: 'EndSession', reason: 'sign-out' } as const]],
  ])('is the state its stream replays to: %s', (_, commands) => {
    const events = recorded(commands).map(asRecordedEvent);
    const row = projectedRow(sessionViewProjection, events);
    expect(sessionStateOf(row, events.length)).toEqual(events.reduce(evolveSession, initialSessionState));
  });

  it('is none for a stream without events', () => {
    expect(sessionStateOf(null, 0)).toEqual(initialSessionState);
  });
});
