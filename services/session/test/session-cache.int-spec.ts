import { randomBytes } from 'node:crypto';
import { parseSessionReadModel, sessionReadModelKey, type SessionView, type UserView } from '@authsvc/contracts';
import { Redis } from 'ioredis';
import { NEW_SESSION_VERSION, SessionCache } from '../src/session/session-cache';
import { UserVersions } from '../src/user-snapshot/user-versions';

// The cache's scripts against a real Redis (database 3; every key carries fresh ids).
const redis = new Redis('redis://127.0.0.1:6379/3', { lazyConnect: true });
const day = 24 * 60 * 60;
const cache = new SessionCache(redis, { lifetimeSeconds: 7 * day, updateAgeSeconds: day, absoluteLifetimeSeconds: 0 });
const versions = new UserVersions(redis);
const now = new Date('2026-11-23T12:00:00.000Z');
const id = () => randomBytes(8).toString('hex');

function newSession(userId: string): SessionView {
  return {
    id: id(),
    token: id(),
    userId,
    expiresAt: '2026-11-30T12:00:00.000Z',
    ipAddress: '127.0.0.1',
    userAgent: 'test',
    createdAt: now.toISOString(),
    updatedAt: now.toISOString(),
    activeOrganizationId: null,
    activeTeamId: null,
    impersonatedBy: null,
  };
}

function userView(userId: string, updatedAt: string): UserView {
  return {
    id: userId,
    email: `${userId}@example.com`,
    name: 'Ada',
    image: null,
    emailVerified: false,
    username: null,
    displayUsername: null,
    role: 'user',
    banned: false,
    banReason: null,
    banExpires: null,
    createdAt: '2026-11-01T00:00:00.000Z',
    updatedAt,
  };
}

beforeAll(() => redis.connect());
afterAll(() => redis.quit());

describe('SessionCache.putNewSession', () => {
  it('caches the new session with the proven user and the user version current at the write', async () => {
    const userId = id();
    await cache.invalidateUser(userId, []);
    const { version } = await versions.state(userId);
    const session = newSession(userId);
    const user = userView(userId, '2026-11-23T11:00:00.000Z');

    expect(await cache.putNewSession({ session, user }, now)).toBe('written');
    // Issued now for seven days with an update age of one day: due for refresh one day from now.
    const refreshDueAt = '2026-11-24T12:00:00.000Z';
    expect(await cache.get(session.token)).toEqual({ session, user, userVersion: version, refreshDueAt });
  });

  it('refuses a view older than a change of the user that was already applied', async () => {
    const userId = id();
    await cache.noteUserChange(userId, userView(userId, '2026-11-23T11:30:00.000Z'));
    const session = newSession(userId);

    const outcome = await cache.putNewSession({ session, user: userView(userId, '2026-11-23T11:00:00.000Z') }, now);
    expect(outcome).toBe('user-changed');
    expect(await cache.get(session.token)).toBeUndefined();
  });

  it('takes a view as new as the last applied change', async () => {
    const userId = id();
    await cache.noteUserChange(userId, userView(userId, '2026-11-23T11:30:00.000Z'));
    const session = newSession(userId);

    const outcome = await cache.putNewSession({ session, user: userView(userId, '2026-11-23T11:30:00.000Z') }, now);
    expect(outcome).toBe('written');
  });

  it('refuses any view of a user whose deletion was applied', async () => {
    const userId = id();
    await cache.noteUserChange(userId, null);

    const outcome = await cache.putNewSession(
      { session: newSession(userId), user: userView(userId, '2099-01-01T00:00:00.000Z') },
      now,
    );
    expect(outcome).toBe('user-changed');
  });

  it('does not bring back a token that was revoked meanwhile', async () => {
    const userId = id();
    const session = newSession(userId);
    await cache.revoke(session.token);

    const outcome = await cache.putNewSession({ session, user: userView(userId, '2026-11-23T11:00:00.000Z') }, now);
    expect(outcome).toBe('skipped');
    expect(await cache.get(session.token)).toBe('revoked');
  });
});

describe('the published read model', () => {
  it('is what any reader finds under the contract key, in the contract shape', async () => {
    const userId = id();
    const session = newSession(userId);
    const user = userView(userId, '2026-11-23T11:00:00.000Z');
    const { version } = await versions.state(userId);

    await cache.put({ session, user, userVersion: version }, NEW_SESSION_VERSION, now);
    const stored = await redis.get(sessionReadModelKey(session.token));
    expect(parseSessionReadModel(stored)).toEqual({
      session,
      user,
      userVersion: version,
      refreshDueAt: '2026-11-24T12:00:00.000Z',
    });
  });

  it('reads as revoked once the session is revoked, for every reader', async () => {
    const session = newSession(id());
    const user = userView(session.userId, now.toISOString());
    await cache.put({ session, user, userVersion: '' }, NEW_SESSION_VERSION, now);
    await cache.revoke(session.token);
    expect(parseSessionReadModel(await redis.get(sessionReadModelKey(session.token)))).toBe('revoked');
  });
});

describe('SessionCache.retire and put (the session changed: a new active organization)', () => {
  it('retire drops the entry and answers it', async () => {
    const session = newSession(id());
    const user = userView(session.userId, now.toISOString());
    await cache.put({ session, user, userVersion: '' }, NEW_SESSION_VERSION, now);

    expect(await cache.retire(session.token)).toMatchObject({ session, user });
    expect(await cache.get(session.token)).toBeUndefined();
    expect(await cache.retire(session.token)).toBeUndefined();
  });

  it('refuses an entry of an earlier session version than the one stored, and takes a later or equal one', async () => {
    const session = newSession(id());
    const user = userView(session.userId, now.toISOString());
    const changed = { ...session, activeOrganizationId: 'org', activeTeamId: 'team' };
    await cache.put({ session: changed, user, userVersion: '' }, 3, now);

    const stale = { ...session, activeOrganizationId: 'org-left-behind' };
    await cache.put({ session: stale, user, userVersion: '' }, 2, now);
    expect(await cache.get(session.token)).toMatchObject({ session: changed });

    const later = { ...session, activeOrganizationId: 'other-org' };
    await cache.put({ session: later, user, userVersion: '' }, 3, now);
    expect(await cache.get(session.token)).toMatchObject({ session: later });
    await cache.put({ session: changed, user, userVersion: '' }, 10, now);
    expect(await cache.get(session.token)).toMatchObject({ session: changed });
  });

  it('keeps the version it refuses by across a retire', async () => {
    const session = newSession(id());
    const user = userView(session.userId, now.toISOString());
    await cache.put({ session, user, userVersion: '' }, 4, now);
    await cache.retire(session.token);
    await cache.put({ session: { ...session, activeOrganizationId: 'stale' }, user, userVersion: '' }, 3, now);
    expect(await cache.get(session.token)).toBeUndefined();
  });

  it('keeps the marker of a revoked session, and answers it', async () => {
    const session = newSession(id());
    await cache.revoke(session.token);
    expect(await cache.retire(session.token)).toBe('revoked');
    expect(await cache.get(session.token)).toBe('revoked');
  });
});

describe('SessionCache with an absolute session lifetime', () => {
  const bounded = new SessionCache(redis, {
    lifetimeSeconds: 7 * day,
    updateAgeSeconds: day,
    absoluteLifetimeSeconds: 2 * day,
  });

  it('publishes a session that outlives it (started before it was set) as ending at it, never due for refresh', async () => {
    const userId = id();
    const session = newSession(userId);
    const { userVersion } = await bounded.put(
      { session, user: userView(userId, now.toISOString()), userVersion: '' },
      NEW_SESSION_VERSION,
      now,
    );
    const end = '2026-11-25T12:00:00.000Z';
    expect(await bounded.get(session.token)).toMatchObject({
      session: { expiresAt: end },
      refreshDueAt: end,
      userVersion,
    });
  });
});
