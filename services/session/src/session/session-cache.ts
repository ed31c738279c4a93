import {
  parseSessionReadModel,
  REVOKED_SESSION,
  sessionReadModelKey,
  type SessionReadModel,
  type SessionView,
  type UserView,
} from '@authsvc/contracts';
import type { Redis } from 'ioredis';
import { userVersionKey } from '../user-snapshot/user-versions.js';
import { cappedExpiry, refreshDueAt, type LifetimePolicy } from './session.decider.js';

const USER_CHANGED_PREFIX = 'session:user-changed:';
const SESSION_VERSION_PREFIX = 'session:version:';
/**
 * Entries live at most this long, so that a delete missed while Redis was unreachable (and a Redis that
 * comes back from disk with the old entry) cannot keep a revoked session alive for longer than this.
 */
const MAX_ENTRY_LIFETIME_MS = 10 * 60 * 1000;
/**
 * Outlives every entry, so an entry can never be checked against a version (of its user or its session) that
 * expired under it.
 */
const USER_VERSION_LIFETIME_MS = MAX_ENTRY_LIFETIME_MS + 60 * 1000;
/** How long a revoked token's marker stays: far longer than a racing read that saw it alive. */
const REVOKED_MARK_MS = 60 * 1000;
/** The change marker of a deleted user: newer than any view. */
const DELETED = 'deleted';

/** The stream version of a session whose data never changed since it started (its stream holds SessionCreated). */
export const NEW_SESSION_VERSION = 1;

/** An entry as the session service builds it; the cache adds when its refresh is due. */
export type SessionEntry = Omit<SessionReadModel, 'refreshDueAt'>;

/**
 * Writes an entry unless its token was revoked meanwhile (KEYS[1] holds the marker), its user changed since
 * the entry's data was read (the version in KEYS[2] moved on), or a later state of its session was written
 * (KEYS[3] holds the highest stream version written, ARGV[5] is the entry's): a read that raced a revocation, a
 * profile change or a new active organization never puts back what they replaced.
 */
const PUT_UNLESS_STALE = `
if redis.call('GET', KEYS[1]) == ARGV[4] then return 0 end
if (redis.call('GET', KEYS[2]) or '') ~= ARGV[3] then return 0 end
if tonumber(redis.call('GET', KEYS[3]) or '0') > tonumber(ARGV[5]) then return 0 end
redis.call('SET', KEYS[3], ARGV[5], 'PX', ARGV[6])
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

/**
 * Writes a new session's entry with the user view of the proof that started it, unless the token was
 * revoked meanwhile (0), or a change of the user newer than that view was already applied (-1; KEYS[3] holds
 * the newest applied `updatedAt`, which every change notes before it drops the user's entries). The entry
 * carries the user version current at the write (appended to the JSON object in ARGV[1]).
 */
const PUT_NEW_SESSION = `
if redis.call('GET', KEYS[1]) == ARGV[4] then return 0 end
local changed = redis.call('GET', KEYS[3])
if changed and (changed == ARGV[5] or changed > ARGV[3]) then return -1 end
local version = redis.call('GET', KEYS[2]) or ''
local entry = string.sub(ARGV[1], 1, -2) .. ',"userVersion":"' .. version .. '"}'
redis.call('SET', KEYS[1], entry, 'PX', ARGV[2])
return 1`;

/** Drops the session's entry (not a revoked marker) and answers what the key held. */
const RETIRE_SESSION = `
local held = redis.call('GET', KEYS[1])
if held and held ~= ARGV[1] then redis.call('DEL', KEYS[1]) end
return held`;

/** Moves the user's version on and drops their entries (not the revoked markers); the new version. */
const INVALIDATE_USER = `
local version = redis.call('INCR', KEYS[1])
redis.call('PEXPIRE', KEYS[1], ARGV[1])
for i = 2, #KEYS do
  if redis.call('GET', KEYS[i]) ~= ARGV[2] then redis.call('DEL', KEYS[i]) end
end
return version`;

/**
 * Writes the published read model of live sessions (`SessionReadModel` in libs/contracts), keyed by token,
 * which the gateways read. Postgres stays the truth: a Redis failure reads as a miss, and the sessions and user
 * snapshots rebuild the entry.
 */
export class SessionCache {
  constructor(
    private readonly redis: Redis,
    private readonly lifetimes: LifetimePolicy,
  ) {}

  /** The entry, `'revoked'` for a token that just ended, undefined on a miss. */
  async get(token: string): Promise<SessionReadModel | typeof REVOKED_SESSION | undefined> {
    return parseSessionReadModel(await this.redis.get(sessionReadModelKey(token)).catch(() => null));
  }

  /**
   * Stores the entry, the session as it stood at `sessionVersion` (its stream's version when the row was read or
   * written), unless the session ended, the user changed, a later state of the session was stored, or Redis could
   * not be reached; answers the read model either way.
   */
  async put(entry: SessionEntry, sessionVersion: number, now: Date): Promise<SessionReadModel> {
    const model = this.published(entry);
    const ttl = entryLifetime(model.session, now);
    if (ttl <= 0) return model;
    const { token, userId } = entry.session;
    const keys = [sessionReadModelKey(token), userVersionKey(userId), SESSION_VERSION_PREFIX + token];
    const args = [JSON.stringify(model), ttl, entry.userVersion, REVOKED_SESSION, sessionVersion];
    await this.redis
      .eval(PUT_UNLESS_STALE, keys.length, ...keys, ...args, USER_VERSION_LIFETIME_MS)
      .catch(() => undefined);
    return model;
  }

  /**
   * The session's data is about to change (a new active organization): its entry goes before the change is
   * recorded. What the key held: the entry, the revoked marker, or undefined. Rejects when Redis cannot be reached.
   */
  async retire(token: string): Promise<SessionReadModel | typeof REVOKED_SESSION | undefined> {
    const held = await this.redis.eval(RETIRE_SESSION, 1, sessionReadModelKey(token), REVOKED_SESSION);
    return parseSessionReadModel(held as string | null);
  }

  /**
   * Caches a new session with the user view its proof returned. 'user-changed' when a newer change of the
   * user was already applied (the caller reads the user again); 'skipped' for a revoked token, an expired
   * session or an unreachable Redis.
   */
  async putNewSession(
    entry: Omit<SessionEntry, 'userVersion'>,
    now: Date,
  ): Promise<'written' | 'user-changed' | 'skipped'> {
    const model = this.published(entry);
    const ttl = entryLifetime(model.session, now);
    if (ttl <= 0) return 'skipped';
    const { token, userId } = entry.session;
    const keys = [sessionReadModelKey(token), userVersionKey(userId), USER_CHANGED_PREFIX + userId];
    const args = [JSON.stringify(model), ttl, entry.user.updatedAt, REVOKED_SESSION, DELETED];
    return this.redis.eval(PUT_NEW_SESSION, keys.length, ...keys, ...args).then(
      (written) => (written === 1 ? 'written' : written === -1 ? 'user-changed' : 'skipped'),
      () => 'skipped',
    );
  }

  /**
   * Notes that a change of the user was applied (their newest view's `updatedAt`; null once deleted), before
   * their entries are dropped: a new session whose proof saw an older view is then not cached with it.
   */
  async noteUserChange(userId: string, view: UserView | null): Promise<void> {
    const marker = view ? view.updatedAt : DELETED;
    await this.redis.set(USER_CHANGED_PREFIX + userId, marker, 'PX', USER_VERSION_LIFETIME_MS);
  }

  /** Replaces the entry by a short-lived revoked marker; false when Redis could not be reached. */
  async revoke(token: string): Promise<boolean> {
    return this.redis.set(sessionReadModelKey(token), REVOKED_SESSION, 'PX', REVOKED_MARK_MS).then(
      () => true,
      () => false,
    );
  }

  /** The user's view changed: their entries go. The new version; undefined when Redis could not be reached. */
  async invalidateUser(userId: string, tokens: readonly string[]): Promise<string | undefined> {
    const keys = [userVersionKey(userId), ...tokens.map(sessionReadModelKey)];
    return this.redis.eval(INVALIDATE_USER, keys.length, ...keys, USER_VERSION_LIFETIME_MS, REVOKED_SESSION).then(
      (version) => String(version),
      () => undefined,
    );
  }

  /**
   * The entry as gateways read it: with when its refresh is due, and an expiry held to the absolute lifetime
   * (a session started before that setting was turned on, or shortened, ends on time in every gateway too).
   */
  private published<T extends { readonly session: SessionView }>(entry: T): T & { refreshDueAt: string } {
    const createdAt = new Date(entry.session.createdAt);
    const expiresAt = cappedExpiry(
      createdAt,
      new Date(entry.session.expiresAt),
      this.lifetimes.absoluteLifetimeSeconds,
    );
    const dueAt = refreshDueAt({ createdAt, expiresAt, impersonatedBy: entry.session.impersonatedBy }, this.lifetimes);
    const session = { ...entry.session, expiresAt: expiresAt.toISOString() };
    return { ...entry, session, refreshDueAt: dueAt.toISOString() };
  }
}

/** How long an entry may live: until the session expires, and never longer than the cap. */
function entryLifetime(session: SessionView, now: Date): number {
  return Math.min(new Date(session.expiresAt).getTime() - now.getTime(), MAX_ENTRY_LIFETIME_MS);
}
