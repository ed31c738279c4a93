import type { Adapter, AdapterPayload } from 'oidc-provider';

interface Entry {
  readonly payload: AdapterPayload;
  readonly expiresAt: number;
}

/**
 * oidc-provider's models (codes, tokens, sessions, interactions, grants, the client) kept by one provider
 * instance. The package's own memory adapter keeps one LRU of 1000 entries for the whole process: two local
 * providers in one test file, or a benchmark, would evict each other's codes and sessions.
 */
export class OpenIdStore {
  private readonly entries = new Map<string, Entry>();

  /** The `adapter` setting: oidc-provider asks for one adapter per model name. */
  readonly adapter = (model: string): Adapter => ({
    upsert: async (id, payload, expiresIn) => this.put(model, id, payload, expiresIn),
    find: async (id) => this.get(model, id),
    findByUid: async (uid) => this.findWhere(model, (payload) => payload.uid === uid),
    findByUserCode: async (userCode) => this.findWhere(model, (payload) => payload.userCode === userCode),
    consume: async (id) => {
      const entry = this.entries.get(`${model}:${id}`);
      if (entry) entry.payload.consumed = Math.floor(Date.now() / 1000);
    },
    destroy: async (id) => void this.entries.delete(`${model}:${id}`),
    // A replayed code or rotated-out refresh token revokes everything issued under its grant (RFC 9700 4.14).
    // Every method finishes without waiting on I/O, so oidc-provider's check-then-consume of a code or refresh
    // token cannot interleave with a parallel request's: the second of two parallel uses is always the replay.
    revokeByGrantId: async (grantId) => {
      for (const [key, entry] of this.entries) if (entry.payload.grantId === grantId) this.entries.delete(key);
    },
  });

  /** Stores a payload; without `expiresIn` (the client) it never expires. */
  put(model: string, id: string, payload: AdapterPayload, expiresIn?: number): void {
    const expiresAt = expiresIn === undefined ? Infinity : Date.now() + expiresIn * 1000;
    this.entries.set(`${model}:${id}`, { payload: { ...payload }, expiresAt });
  }

  get(model: string, id: string): AdapterPayload | undefined {
    const entry = this.entries.get(`${model}:${id}`);
    if (entry === undefined) return undefined;
    if (entry.expiresAt > Date.now()) return entry.payload;
    this.entries.delete(`${model}:${id}`);
    return undefined;
  }

  private findWhere(model: string, matches: (payload: AdapterPayload) => boolean): AdapterPayload | undefined {
    for (const [key, entry] of this.entries) {
      if (key.startsWith(`${model}:`) && matches(entry.payload)) return this.get(model, key.slice(model.length + 1));
    }
    return undefined;
  }
}
