import { randomString } from '@authsvc/platform';
import type { Redis } from 'ioredis';

/** Identity's own Redis keys; no other process reads or writes them. */
const KEY_PREFIX = 'identity:two-factor:challenge:';
/** How long a sign-in waits for its second factor, as the reference's challenge cookie lives. */
export const CHALLENGE_TTL_SECONDS = 600;

/**
 * A first factor proven, the second awaited: whose, and the remember-me choice of the sign-in. The session starts
 * for the client that completes the challenge (the browser holding its cookie), so its address is taken then.
 */
export interface Challenge {
  readonly userId: string;
  readonly rememberMe: boolean;
}

/**
 * Pending sign-ins (a Redis hash each, gone after 600 s): the challenge, its attempt counter, and the mailed code
 * of the challenge (see `MailedCodes`). Consuming deletes it, so one challenge starts one session at most.
 */
export class ChallengeStore {
  constructor(private readonly redis: Redis) {}

  /** The new challenge's id, which the gateway sets as the signed `two_factor` cookie. */
  async create(challenge: Challenge): Promise<string> {
    const id = `2fa-${randomString(32)}`;
    const { userId, rememberMe } = challenge;
    await this.redis
      .multi()
      .hset(this.key(id), { userId, rememberMe: rememberMe ? '1' : '0', attempts: 0 })
      .expire(this.key(id), CHALLENGE_TTL_SECONDS)
      .exec();
    return id;
  }

  async read(id: string): Promise<Challenge | null> {
    const fields = await this.redis.hgetall(this.key(id));
    if (!fields['userId']) return null;
    return { userId: fields['userId'], rememberMe: fields['rememberMe'] === '1' };
  }

  /** Counts one more attempt on the challenge and answers how many there have been. */
  attempt(id: string): Promise<number> {
    return this.redis.hincrby(this.key(id), 'attempts', 1);
  }

  /** True for the one caller that ends the challenge; a replay, or a parallel second request, gets false. */
  async consume(id: string): Promise<boolean> {
    return (await this.redis.del(this.key(id))) === 1;
  }

  /** The Redis key of the challenge, where its mailed code is kept too. */
  key(id: string): string {
    return KEY_PREFIX + id;
  }
}
