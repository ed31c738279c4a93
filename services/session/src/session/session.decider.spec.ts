import { SessionCreated, SessionRefreshed, SessionRevoked } from '@authsvc/contracts';
import { givenEvents, type Decider } from '@authsvc/platform';
import {
  decideSession,
  evolveSession,
  initialSessionState,
  refreshDueAt,
  type CreateSession,
  type SessionCommand,
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
  absoluteLifetimeSeconds: 0,
  now,
};

const session: Decider<SessionCommand, SessionState> = {
  decide: decideSession,
  evolve: evolveSession,
  initialState: initialSessionState,
};

const created = givenEvents(session).when(create).thenEvents();

describe('session decider', () => {
  it('given nothing, creating a remembered session lasts the configured lifetime', () => {
    const [event] = givenEvents(session).when(create).thenEvents();
    expect(event.definition.type).toBe(SessionCreated.type);
    expect(event.data).toMatchObject({ expiresAt: '2026-05-08T00:00:00.000Z', rememberMe: true });
    expect(event.personal).toEqual({ token: 'token1', ipAddress: '127.0.0.1', userAgent: 'jest' });
  });

  it('given nothing, a session without remember-me lasts one day', () => {
    const [event] = givenEvents(session)
      .when({ ...create, rememberMe: false })
      .thenEvents();
    expect(event.data).toMatchObject({ expiresAt: '2026-05-02T00:00:00.000Z', rememberMe: false });
  });

  it('given an active session, ending it records the revocation once', () => {
    const signOut = { type: 'EndSession', reason: 'sign-out' } as const;
    const ended = givenEvents(session, created).when(signOut).thenEvents();
    expect(ended.map((event) => event.definition.type)).toEqual([SessionRevoked.type]);
    expect(
      givenEvents(session, [...created, ...ended])
        .when(signOut)
        .thenEvents(),
    ).toEqual([]);
  });
});

describe('session refresh', () => {
  const day = 24 * 3600;

  const policy = { lifetimeSeconds: 7 * day, updateAgeSeconds: day, absoluteLifetimeSeconds: 0 };

  it('is due once the update age has passed since issue', () => {
    const issued = new Date('2026-05-01T00:00:00Z');
    const expiresAt = new Date(issued.getTime() + 7 * day * 1000);
    expect(refreshDueAt({ createdAt: issued, expiresAt }, policy)).toEqual(new Date(issued.getTime() + day * 1000));
    expect(refreshDueAt({ createdAt: issued, expiresAt }, { ...policy, updateAgeSeconds: 0 })).toEqual(issued);
  });

  it('is never due for a session at its absolute end: it expires instead', () => {
    const issued = new Date('2026-05-01T00:00:00Z');
    const expiresAt = new Date(issued.getTime() + 10 * day * 1000);
    const absolute = { ...policy, absoluteLifetimeSeconds: 10 * day };
    expect(refreshDueAt({ createdAt: issued, expiresAt }, absolute)).toEqual(expiresAt);
    const earlier = new Date(issued.getTime() + 7 * day * 1000);
    expect(refreshDueAt({ createdAt: issued, expiresAt: earlier }, absolute)).toEqual(
      new Date(issued.getTime() + day * 1000),
    );
  });

  it('given an active session, refreshing extends it by the lifetime from now', () => {
    const later = new Date(now.getTime() + 2 * day * 1000);
    const [event] = givenEvents(session, created)
      .when({ type: 'RefreshSession', lifetimeSeconds: 7 * day, absoluteLifetimeSeconds: 0, now: later })
      .thenEvents();
    expect(event.definition.type).toBe(SessionRefreshed.type);
    expect(event.data).toMatchObject({ expiresAt: '2026-05-10T00:00:00.000Z', refreshedAt: later.toISOString() });
  });

  it('with an absolute lifetime, a new session ends by it, and refreshing never extends past it', () => {
    const absolute = { absoluteLifetimeSeconds: 8 * day };
    const short = givenEvents(session)
      .when({ ...create, absoluteLifetimeSeconds: 3 * day })
      .thenEvents();
    expect(short[0].data).toMatchObject({ expiresAt: '2026-05-04T00:00:00.000Z' });
    const later = new Date(now.getTime() + 2 * day * 1000);
    const [event] = givenEvents(session, created)
      .when({ type: 'RefreshSession', lifetimeSeconds: 7 * day, ...absolute, now: later })
      .thenEvents();
    expect(event.data).toMatchObject({ expiresAt: '2026-05-09T00:00:00.000Z' });
    const atTheEnd = new Date(now.getTime() + 3 * day * 1000);
    expect(
      givenEvents(session, [...created, event])
        .when({ type: 'RefreshSession', lifetimeSeconds: 7 * day, ...absolute, now: atTheEnd })
        .thenEvents(),
    ).toEqual([]);
  });

  it('given an expired or ended session, refreshing does nothing', () => {
    const afterExpiry = new Date(now.getTime() + 8 * day * 1000);
    const refresh = { type: 'RefreshSession', lifetimeSeconds: 7 * day, absoluteLifetimeSeconds: 0 } as const;
    expect(
      givenEvents(session, created)
        .when({ ...refresh, now: afterExpiry })
        .thenEvents(),
    ).toEqual([]);
    const ended = givenEvents(session, created).when({ type: 'EndSession', reason: 'sign-out' }).thenEvents();
    expect(
      givenEvents(session, [...created, ...ended])
        .when({ ...refresh, now })
        .thenEvents(),
    ).toEqual([]);
  });
});
