import { ActiveOrganizationChanged, SessionCreated, SessionRefreshed, SessionRevoked } from '@authsvc/contracts';
import { givenEvents, type Decider } from '@authsvc/platform/testing';
import {
  decideSession,
  refreshDueAt,
  type CreateSession,
  type SessionCommand,
  type SetActiveOrganization,
} from './session.decider.js';
import { evolveSession, initialSessionState, type SessionState } from './session-state.js';

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
  userBan: { banned: false, banExpires: null },
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

  it('a banned user starts no session, until the ban expires', () => {
    const banned = { ...create, userBan: { banned: true, banExpires: '2026-05-01T00:00:01.000Z' } };
    const refused = givenEvents(session).when(banned).thenError() as { code: string };
    expect(refused.code).toBe('BANNED_USER');
    const forEver = { ...create, userBan: { banned: true, banExpires: null } };
    expect((givenEvents(session).when(forEver).thenError() as { code: string }).code).toBe('BANNED_USER');
    const later = { ...banned, now: new Date('2026-05-01T00:00:01.000Z') };
    expect(givenEvents(session).when(later).thenEvents()).toHaveLength(1);
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

describe('the active organization of a session', () => {
  const minute = 60 * 1000;
  const at = (minutes: number) => new Date(now.getTime() + minutes * minute);
  const choose = (organizationId: string | null, teamId: string | null, minutes = 1): SetActiveOrganization => ({
    type: 'SetActiveOrganization',
    organizationId,
    teamId,
    now: at(minutes),
  });
  const chosen = [...created, ...givenEvents(session, created).when(choose('o1', 't1')).thenEvents()];

  it('given a live session, records the chosen organization and team once', () => {
    const [event] = givenEvents(session, created).when(choose('o1', 't1')).thenEvents();
    expect(event.definition.type).toBe(ActiveOrganizationChanged.type);
    expect(event.data).toEqual({
      sessionId: 's1',
      userId: 'u1',
      organizationId: 'o1',
      teamId: 't1',
      changedAt: at(1).toISOString(),
    });
    expect(
      givenEvents(session, chosen)
        .when(choose('o1', 't1', 2))
        .thenEvents(),
    ).toEqual([]);
  });

  it('records another team, another organization, or none, and nothing for none when none is active', () => {
    for (const [organizationId, teamId] of [
      ['o1', null],
      ['o2', null],
      [null, null],
    ] as const) {
      const [event] = givenEvents(session, chosen)
        .when(choose(organizationId, teamId, 2))
        .thenEvents();
      expect(event.data).toMatchObject({ organizationId, teamId });
    }
    expect(givenEvents(session, created).when(choose(null, null)).thenEvents()).toEqual([]);
  });

  it('records nothing for an expired or ended session', () => {
    expect(
      givenEvents(session, created)
        .when(choose('o1', null, 8 * 24 * 60))
        .thenEvents(),
    ).toEqual([]);
    const ended = givenEvents(session, created).when({ type: 'EndSession', reason: 'sign-out' }).thenEvents();
    expect(
      givenEvents(session, [...created, ...ended])
        .when(choose('o1', null))
        .thenEvents(),
    ).toEqual([]);
  });

  it('refuses a team without an organization', () => {
    expect(givenEvents(session, created).when(choose(null, 't1')).thenError()).toMatchObject({
      code: 'NO_ACTIVE_ORGANIZATION',
    });
  });

  describe('when a membership ended', () => {
    const leave = (onlyIfActive: SetActiveOrganization['onlyIfActive'], teamKept = false) => ({
      ...choose(teamKept ? 'o1' : null, null, 5),
      onlyIfActive,
    });

    it('clears the organization the session chose before the membership ended', () => {
      const [event] = givenEvents(session, chosen)
        .when(leave({ organizationId: 'o1', endedAt: at(3) }))
        .thenEvents();
      expect(event.data).toMatchObject({ organizationId: null, teamId: null });
    });

    it('clears only the team when the team membership ended, and only while that team is active', () => {
      const [event] = givenEvents(session, chosen)
        .when(leave({ organizationId: 'o1', teamId: 't1', endedAt: at(3) }, true))
        .thenEvents();
      expect(event.data).toMatchObject({ organizationId: 'o1', teamId: null });
      expect(
        givenEvents(session, chosen)
          .when(leave({ organizationId: 'o1', teamId: 't2', endedAt: at(3) }, true))
          .thenEvents(),
      ).toEqual([]);
    });

    it('leaves another organization alone, and a choice made after the membership ended (a late event)', () => {
      expect(
        givenEvents(session, chosen)
          .when(leave({ organizationId: 'o2', endedAt: at(3) }))
          .thenEvents(),
      ).toEqual([]);
      const chosenAgain = [
        ...chosen,
        ...givenEvents(session, chosen)
          .when(choose('o1', null, 4))
          .thenEvents(),
      ];
      expect(
        givenEvents(session, chosenAgain)
          .when(leave({ organizationId: 'o1', endedAt: at(3) }))
          .thenEvents(),
      ).toEqual([]);
    });

    it('is idempotent: delivered again, it records nothing more', () => {
      const removal = leave({ organizationId: 'o1', endedAt: at(3) });
      const cleared = givenEvents(session, chosen).when(removal).thenEvents();
      expect(
        givenEvents(session, [...chosen, ...cleared])
          .when(removal)
          .thenEvents(),
      ).toEqual([]);
    });
  });
});

describe('impersonation sessions', () => {
  const hour = 3600;
  const impersonate = { ...create, impersonation: { adminId: 'admin1', lifetimeSeconds: hour } };
  const started = givenEvents(session).when(impersonate).thenEvents();

  it('record the admin, and last the impersonation duration whatever the session lifetime', () => {
    expect(started[0].data).toMatchObject({ impersonatedBy: 'admin1', expiresAt: '2026-05-01T01:00:00.000Z' });
    expect(created[0].data).not.toHaveProperty('impersonatedBy');
    const capped = givenEvents(session)
      .when({ ...impersonate, absoluteLifetimeSeconds: 60 })
      .thenEvents();
    expect(capped[0].data).toMatchObject({ expiresAt: '2026-05-01T00:01:00.000Z' });
  });

  it('are never extended, and their refresh is never due before they expire', () => {
    const later = new Date(now.getTime() + 30 * 60 * 1000);
    const refresh = { type: 'RefreshSession', lifetimeSeconds: 7 * 24 * hour, absoluteLifetimeSeconds: 0 } as const;
    expect(
      givenEvents(session, started)
        .when({ ...refresh, now: later })
        .thenEvents(),
    ).toEqual([]);
    const expiresAt = new Date(now.getTime() + hour * 1000);
    const policy = { lifetimeSeconds: 7 * 24 * hour, updateAgeSeconds: 0, absoluteLifetimeSeconds: 0 };
    expect(refreshDueAt({ createdAt: now, expiresAt, impersonatedBy: 'admin1' }, policy)).toEqual(expiresAt);
    // The same one-hour session of the user's own would be due at once (and extended by a week).
    const own = refreshDueAt({ createdAt: now, expiresAt, impersonatedBy: null }, policy);
    expect(own.getTime()).toBeLessThan(now.getTime());
  });

  it('refuse a banned user like any other session', () => {
    const banned = { ...impersonate, userBan: { banned: true, banExpires: null } };
    expect((givenEvents(session).when(banned).thenError() as { code: string }).code).toBe('BANNED_USER');
  });
});
