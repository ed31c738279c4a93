import { randomString } from '@authsvc/platform';
import type { Redis } from 'ioredis';

/** Identity's own Redis keys; no other process reads them. */
const KEY_PREFIX = 'identity:passkey-challenge:';

/** How long a ceremony may take, in seconds: the reference's challenge cookie lives as long (Max-Age 300). */
export const CHALLENGE_LIFETIME_SECONDS = 300;

/** A challenge sent to a browser, and for which ceremony and user (registration only; '' for a sign-in). */
export interface PasskeyChallenge {
  readonly ceremony: 'registration' | 'authentication';
  readonly challenge: string;
  readonly userId: string;
}

/**
 * Challenges in Redis, shared by every replica, expiring with the ceremony. The id goes to the browser in the
 * signed challenge cookie; a challenge is taken once (GETDEL is atomic), so a replayed answer finds nothing even
 * when both arrive together.
 */
export class PasskeyChallenges {
  constructor(private readonly redis: Redis) {}

  /** The new challenge's id. */
  async save(challenge: PasskeyChallenge): Promise<string> {
    const id = randomString(32);
    await this.redis.set(KEY_PREFIX + id, JSON.stringify(challenge), 'EX', CHALLENGE_LIFETIME_SECONDS, 'NX');
    return id;
  }

  /** The challenge, now removed; `undefined` when unknown, used, expired or of the other ceremony. */
  async take(id: string, ceremony: PasskeyChallenge['ceremony']): Promise<PasskeyChallenge | undefined> {
    const stored = await this.redis.getdel(KEY_PREFIX + id);
    if (stored === null) return undefined;
    const challenge = JSON.parse(stored) as PasskeyChallenge;
    return challenge.ceremony === ceremony ? challenge : undefined;
  }
}
