import type { ResolvedSession } from '../session/current-session.js';
import { MAX_ENTRIES, SessionNearCache } from './session-near-cache.js';

const NOW = Date.parse('2026-11-23T12:00:00Z');

function resolved(token: string, userId: string, expiresAt = NOW + 86_400_000): ResolvedSession {
  return {
    session: { id: `s-${token}`, token, userId, expiresAt: new Date(expiresAt).toISOString() },
    user: { id: userId, name: `User ${userId}` },
  } as unknown as ResolvedSession;
}

describe('session near cache', () => {
  it('answers with the stored session and its serialised body until the lifetime ends', () => {
    const cache = new SessionNearCache(1000);
    cache.put('t1', resolved('t1', 'u1'), NOW);
    const entry = cache.get('t1', NOW + 999);
    expect(entry?.resolved.user.id).toBe('u1');
    expect(JSON.parse(entry?.body ?? 'null')).toEqual(JSON.parse(JSON.stringify(resolved('t1', 'u1'))));
    expect(cache.get('t1', NOW + 1000)).toBeUndefined();
    expect(cache.get('t1', NOW)).toBeUndefined();
  });

  it('never answers for a session past its expiry, however long the lifetime', () => {
    const cache = new SessionNearCache(60_000);
    cache.put('t1', resolved('t1', 'u1', NOW + 500), NOW);
    expect(cache.get('t1', NOW + 499)).toBeDefined();
    expect(cache.get('t1', NOW + 500)).toBeUndefined();
  });

  it('forgets every session of one user and no other', () => {
    const cache = new SessionNearCache(1000);
    cache.put('a1', resolved('a1', 'alice'), NOW);
    cache.put('a2', resolved('a2', 'alice'), NOW);
    cache.put('b1', resolved('b1', 'bob'), NOW);
    cache.forgetUser('alice');
    expect(cache.get('a1', NOW)).toBeUndefined();
    expect(cache.get('a2', NOW)).toBeUndefined();
    expect(cache.get('b1', NOW)?.resolved.user.id).toBe('bob');
  });

  it('forgets one token, and a token stored again belongs to its latest user only', () => {
    const cache = new SessionNearCache(1000);
    cache.put('t1', resolved('t1', 'alice'), NOW);
    cache.put('t1', resolved('t1', 'bob'), NOW);
    cache.forgetUser('alice');
    expect(cache.get('t1', NOW)?.resolved.user.id).toBe('bob');
    cache.forgetToken('t1');
    expect(cache.get('t1', NOW)).toBeUndefined();
  });

  it('stores nothing when turned off', () => {
    const cache = new SessionNearCache(0);
    expect(cache.enabled).toBe(false);
    cache.put('t1', resolved('t1', 'u1'), NOW);
    expect(cache.get('t1', NOW)).toBeUndefined();
  });

  it('stays bounded: beyond its capacity the oldest entry goes first', () => {
    const cache = new SessionNearCache(1000);
    for (let i = 0; i <= MAX_ENTRIES; i += 1) cache.put(`t${i}`, resolved(`t${i}`, `u${i % 7}`), NOW);
    expect(cache.get('t0', NOW)).toBeUndefined();
    expect(cache.get('t1', NOW)).toBeDefined();
    expect(cache.get(`t${MAX_ENTRIES}`, NOW)).toBeDefined();
  });
});
