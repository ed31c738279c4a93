import { SessionCreated, SessionRefreshed, SessionRevoked } from '@authsvc/contracts';
import type { PendingEvent, RecordedEvent } from '@authsvc/platform';
import {
  decideSession,
  evolveSession,
  initialSessionState,
  refreshDueAt,
  type CreateSession,
  type SessionState,
} from './session.decider.js';

const now = new Date('2026-05-01T00:00:00.000Z');

const create: CreateSession = {
  type: 'CreateSession',
  sessionId: 's1',
  token: 'token1',
  userId: 'u1',
  ipAddress: '127.0.0.1',
  userAgent: 'jest',
  rememberMe: true,
  lifetimeSeconds: 604800,
  now,
};

function replay(events: PendingEvent[]): SessionState {
  return events.reduce<SessionState>(
    (state, event, index) =>
      evolveSession(state, {
        type: event.definition.type,
        data: event.data,
        personal: event.personal,
        personalSubject: event.personalSubject,
        schemaVersion: 1,
        streamId: 'session-s1',
        streamPosition: index + 1,
        globalPosition: String(index + 1),
        metadata: { eventId: `e${index}`, correlationId: 'c', causationId: null, actorId: null, occurredAt: '' },
      } satisfies RecordedEvent),
    initialSessionState,
  );
}

describe('session decider', () => {
  it('given nothing, creating a remembered session lasts the configured lifetime', () => {
    const [event] = decideSession(create, initialSessionState);
    expect(event.definition.type).toBe(SessionCreated.type);
    expect(event.data).toMatchObject({ expiresAt: '2026-05-08T00:00:00.000Z', rememberMe: true });
    expect(event.personal).toEqual({ token: 'token1', ipAddress: '127.0.0.1', userAgent: 'jest' });
  });

  it('given nothing, a session without remember-me lasts one day', () => {
    const [event] = decideSession({ ...create, rememberMe: false }, initialSessionState);
    expect(event.data).toMatchObject({ expiresAt: '2026-05-02T00:00:00.000Z', rememberMe: false });
  });

  it('given an active session, ending it records the revocation once', () => {
    const active = replay(decideSession(create, initialSessionState));
    const ended = decideSession({ type: 'EndSession', reason: 'sign-out' }, active);
    expect(ended.map((event) => event.definition.type)).toEqual([SessionRevoked.type]);
    expect(
      decideSession(
        { type: 'EndSession', reason: 'sign-out' },
        replay([...decideSession(create, initialSessionState), ...ended]),
      ),
    ).toEqual([]);
  });
});

describe('session refresh', () => {
  const day = 24 * 3600;

  it('is due once the update age has passed since issue', () => {
    const issued = new Date('2026-05-01T00:00:00Z');
    const expiresAt = new Date(issued.getTime() + 7 * day * 1000);
    expect(refreshDueAt(expiresAt, 7 * day, day)).toEqual(new Date(issued.getTime() + day * 1000));
    expect(refreshDueAt(expiresAt, 7 * day, 0)).toEqual(issued);
  });

  it('given an active session, refreshing extends it by the lifetime from now', () => {
    const active = replay(decideSession(create, initialSessionState));
    const later = new Date(now.getTime() + 2 * day * 1000);
    const [event] = decideSession({ type: 'RefreshSession', lifetimeSeconds: 7 * day, now: later }, active);
    expect(event.definition.type).toBe(SessionRefreshed.type);
    expect(event.data).toMatchObject({ expiresAt: '2026-05-10T00:00:00.000Z', refreshedAt: later.toISOString() });
  });

  it('given an expired or ended session, refreshing does nothing', () => {
    const active = replay(decideSession(create, initialSessionState));
    const afterExpiry = new Date(now.getTime() + 8 * day * 1000);
    expect(decideSession({ type: 'RefreshSession', lifetimeSeconds: 7 * day, now: afterExpiry }, active)).toEqual([]);
    expect(decideSession({ type: 'RefreshSession', lifetimeSeconds: 7 * day, now }, { status: 'ended' })).toEqual([]);
  });
});
