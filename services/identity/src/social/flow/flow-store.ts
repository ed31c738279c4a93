import type { Redis } from 'ioredis';
import { FLOW_LIFETIME_SECONDS, type SocialFlow } from './social-flow.js';

/** Identity's own Redis keys; no other process reads them. */
const KEY_PREFIX = 'identity:social-flow:';

/**
 * Flows in Redis, shared by every replica (Apple's form_post and a mobile browser may reach another one). A flow is
 * taken once: GETDEL is atomic, so a replayed callback finds nothing even when both arrive together.
 */
export class FlowStore {
  constructor(private readonly redis: Redis) {}

  async save(flow: SocialFlow): Promise<void> {
    await this.redis.set(KEY_PREFIX + flow.state, JSON.stringify(flow), 'EX', FLOW_LIFETIME_SECONDS, 'NX');
  }

  /** The flow, now removed; `undefined` when unknown, already used or expired at `now`. */
  async take(state: string, now: Date): Promise<SocialFlow | undefined> {
    return this.fresh(await this.redis.getdel(KEY_PREFIX + state), now);
  }

  /** The flow, left in place: a callback from a browser that did not start it must not burn it for the right one. */
  async peek(state: string, now: Date): Promise<SocialFlow | undefined> {
    return this.fresh(await this.redis.get(KEY_PREFIX + state), now);
  }

  private fresh(stored: string | null, now: Date): SocialFlow | undefined {
    if (stored === null) return undefined;
    const flow = JSON.parse(stored) as SocialFlow;
    return Date.parse(flow.expiresAt) > now.getTime() ? flow : undefined;
  }
}
