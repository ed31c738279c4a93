/** What the lifecycle of a signing key depends on: the moment it starts signing (ISO). */
export interface SigningPeriodStart {
  readonly signsFrom: string;
}

/** Keys in the order they sign (by `signsFrom`, oldest first). */
function bySigningOrder<K extends SigningPeriodStart>(keys: readonly K[]): K[] {
  return [...keys].sort((a, b) => Date.parse(a.signsFrom) - Date.parse(b.signsFrom));
}

/**
 * The key that signs at `now`: the last one whose signing period has begun. Before the first one has begun, that
 * first one: it was made a moment ago, on the clock of another process a little ahead of the caller's (a first
 * use). Undefined only without keys.
 */
export function signingKeyAt<K extends SigningPeriodStart>(keys: readonly K[], now: Date): K | undefined {
  const ordered = bySigningOrder(keys);
  return ordered.filter((key) => Date.parse(key.signsFrom) <= now.getTime()).at(-1) ?? ordered[0];
}

/**
 * The keys a verifier still needs at `now`: every key not yet replaced, and each replaced key until the last token
 * it could have signed (just before its successor took over) has expired, `tokenLifetimeSeconds` later.
 */
export function publishedKeysAt<K extends SigningPeriodStart>(
  keys: readonly K[],
  now: Date,
  tokenLifetimeSeconds: number,
): K[] {
  const ordered = bySigningOrder(keys);
  return ordered.filter((_key, index) => {
    const successor = ordered[index + 1];
    if (successor === undefined) return true;
    return now.getTime() < Date.parse(successor.signsFrom) + tokenLifetimeSeconds * 1000;
  });
}
