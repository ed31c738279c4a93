/** How long a fetched key set is trusted without news before it is fetched again. */
export const KEY_SET_MAX_AGE_MS = 60_000;
/** The least time between two fetches, so that a rotation identity keeps failing is not asked for on every call. */
export const KEY_SET_MIN_AGE_MS = 1_000;

/** What the gateway knows of its cached key set. */
export interface CachedKeySetAge {
  readonly fetchedAt: number;
  /** When identity said the current key is due to be replaced (ms), or null. */
  readonly rotatesAt: number | null;
  /** A JwtKeyIssued event arrived since it was fetched. */
  readonly newKeyAnnounced: boolean;
}

/**
 * Whether to fetch the key set again at `now`: a new key was announced, the current one is due (asking makes
 * identity rotate it), or the set is older than a minute (an announcement missed while disconnected).
 */
export function keySetStale(cached: CachedKeySetAge, now: number): boolean {
  if (now - cached.fetchedAt < KEY_SET_MIN_AGE_MS) return false;
  if (cached.newKeyAnnounced) return true;
  if (cached.rotatesAt !== null && now >= cached.rotatesAt) return true;
  return now - cached.fetchedAt >= KEY_SET_MAX_AGE_MS;
}
