import type { ResolvedSession } from '../session/current-session.js';

interface Entry {
  readonly resolved: ResolvedSession;
  /** The get-session answer, serialised once. */
  readonly body: string;
  readonly until: number;
}

/** Enough for every session active within the lifetime on a busy replica, bounded so memory stays flat. */
export const MAX_ENTRIES = 100_000;

/**
 * The last answers of the session service, kept in this gateway replica for at most `ttlMs` (default 1 s) and
 * never past the session's expiry, so the burst of get-sessions an app makes per page costs no round trip.
 * A replica forgets a user's entries on its own requests that may change them and on every event about the
 * user or their sessions; the lifetime bounds the staleness when an event is missed (NATS reconnecting).
 */
export class SessionNearCache {
  private readonly entries = new Map<string, Entry>();
  private readonly tokensByUser = new Map<string, Set<string>>();

  constructor(readonly ttlMs: number) {}

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get(token: string, now: number): Entry | undefined {
    const entry = this.entries.get(token);
    if (entry === undefined) return undefined;
    if (entry.until > now) return entry;
    this.forgetToken(token);
    return undefined;
  }

  put(token: string, resolved: ResolvedSession, now: number): void {
    if (!this.enabled) return;
    this.forgetToken(token);
    if (this.entries.size >= MAX_ENTRIES) this.forgetToken(this.entries.keys().next().value as string);
    const until = Math.min(now + this.ttlMs, new Date(resolved.session.expiresAt).getTime());
    this.entries.set(token, { resolved, body: JSON.stringify(resolved), until });
    const userId = resolved.user.id;
    const tokens = this.tokensByUser.get(userId) ?? new Set<string>();
    tokens.add(token);
    this.tokensByUser.set(userId, tokens);
  }

  forgetToken(token: string): void {
    const entry = this.entries.get(token);
    if (entry === undefined) return;
    this.entries.delete(token);
    const userId = entry.resolved.user.id;
    const tokens = this.tokensByUser.get(userId);
    tokens?.delete(token);
    if (tokens?.size === 0) this.tokensByUser.delete(userId);
  }

  forgetUser(userId: string): void {
    for (const token of this.tokensByUser.get(userId) ?? []) this.entries.delete(token);
    this.tokensByUser.delete(userId);
  }
}
