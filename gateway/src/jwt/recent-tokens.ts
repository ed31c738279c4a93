/** How many users' tokens are kept at most (the oldest go first). */
const MAX_ENTRIES = 10_000;
/** A token is handed out again for at most this long, and at most a tenth of its lifetime. */
const MAX_REUSE_MS = 30_000;

/**
 * Tokens signed a moment ago, by signing key and user (the whole user: any change of it signs anew). get-session
 * is the request every page of every app makes, and its `set-auth-jwt` would cost an Ed25519 signature each time
 * (about 50–100 µs of CPU, as much as the rest of the answer); a user's repeated calls within the reuse window get
 * the same token, whose `exp` still leaves at least nine tenths of its lifetime.
 */
export class RecentTokens {
  private readonly entries = new Map<string, { readonly token: string; readonly signedAt: number }>();
  private readonly reuseMs: number;

  constructor(lifetimeSeconds: number) {
    this.reuseMs = Math.min(MAX_REUSE_MS, (lifetimeSeconds * 1000) / 10);
  }

  find(key: string, now: number): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now - entry.signedAt < this.reuseMs) return entry.token;
    this.entries.delete(key);
    return undefined;
  }

  keep(key: string, token: string, now: number): void {
    this.entries.delete(key);
    this.entries.set(key, { token, signedAt: now });
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
  }
}
