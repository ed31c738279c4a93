import type { Redis } from 'ioredis';
import { hashCode, sameHash } from './one-time-codes.js';

/** How long a mailed second-factor code works, as the reference's. */
export const MAILED_CODE_TTL_MS = 3 * 60 * 1000;
/** Wrong tries one mailed code survives; the next attempt is refused even with the right code. */
export const MAILED_CODE_TRIES = 5;
/** Codes one challenge (or one signed-in user in ten minutes) may have mailed: a new send no longer buys new tries. */
export const MAILED_CODE_SENDS = 3;
const SESSION_HOLDER_PREFIX = 'identity:two-factor:session-code:';
const SESSION_HOLDER_TTL_SECONDS = 600;

export type MailedCodeCheck = 'right' | 'wrong' | 'expired' | 'exhausted';

/**
 * The mailed code of a challenge (kept in the challenge's own hash) or of a signed-in user (a hash of its own):
 * only its SHA-256, its expiry and its tries. A new send replaces the code and its tries, up to MAILED_CODE_SENDS.
 */
export class MailedCodes {
  constructor(private readonly redis: Redis) {}

  /** The key holding a signed-in user's mailed code (the session path). */
  sessionHolder(userId: string): string {
    return SESSION_HOLDER_PREFIX + userId;
  }

  /** Records a new code in `holder`; false when the holder has had its MAILED_CODE_SENDS already. */
  async replace(holder: string, code: string, now: Date, createHolder = false): Promise<boolean> {
    const sends = await this.redis.hincrby(holder, 'sends', 1);
    if (createHolder && sends === 1) await this.redis.expire(holder, SESSION_HOLDER_TTL_SECONDS);
    if (sends > MAILED_CODE_SENDS) return false;
    const expiresAt = now.getTime() + MAILED_CODE_TTL_MS;
    await this.redis.hset(holder, { codeHash: hashCode(code), codeExpiresAt: expiresAt, codeTries: 0 });
    return true;
  }

  /**
   * Checks `code` against the holder's live code: a right one is spent (the one caller whose HDEL removed it wins);
   * a try past MAILED_CODE_TRIES spends the code whatever it was.
   */
  async check(holder: string, code: string, now: Date): Promise<MailedCodeCheck> {
    const [codeHash, expiresAt] = await this.redis.hmget(holder, 'codeHash', 'codeExpiresAt');
    if (!codeHash || Number(expiresAt) <= now.getTime()) return 'expired';
    const tries = await this.redis.hincrby(holder, 'codeTries', 1);
    if (tries > MAILED_CODE_TRIES) {
      await this.redis.hdel(holder, 'codeHash');
      return 'exhausted';
    }
    if (!sameHash(codeHash, hashCode(code))) return 'wrong';
    return (await this.redis.hdel(holder, 'codeHash')) === 1 ? 'right' : 'expired';
  }
}
