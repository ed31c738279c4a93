import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

/** Identity's own Redis keys; no other process reads them. */
const KEY_PREFIX = 'identity:id-token-used:';

/**
 * Id tokens that signed someone in, remembered until they expire: a captured token (a log, a proxy, a shared device)
 * signs in once, not for the rest of its hour. Only the token's hash is kept.
 */
export class UsedIdTokens {
  constructor(private readonly redis: Redis) {}

  /** True the first time a token is seen (atomic across replicas), false for any replay. */
  async firstUse(token: string, expiresAtSeconds: number, now: Date): Promise<boolean> {
    const seconds = Math.max(1, Math.ceil(expiresAtSeconds - now.getTime() / 1000) + 60);
    const key = KEY_PREFIX + createHash('sha256').update(token).digest('base64url');
    return (await this.redis.set(key, '1', 'EX', seconds, 'NX')) === 'OK';
  }
}
