import { randomString } from '@authsvc/platform';
import type { Redis } from 'ioredis';

const PREFIX = 'identity:two-factor:';
/** How long a device stays trusted, as the reference's trust_device cookie lives. */
export const TRUST_TTL_SECONDS = 30 * 24 * 60 * 60;

/**
 * Devices whose owner proved a second factor and asked not to be asked again for 30 days: a record per device
 * naming the user and the user's trust generation at the time. Untrusting every device of a user (two-factor
 * disabled, password changed or reset) moves the generation on, so no record needs to be found and deleted.
 */
export class TrustedDevices {
  constructor(private readonly redis: Redis) {}

  /** The new device's id, which the gateway sets as the signed `trust_device` cookie. */
  async trust(userId: string): Promise<string> {
    const id = `trust-device-${randomString(32)}`;
    const generation = (await this.redis.get(this.generationKey(userId))) ?? '0';
    await this.redis
      .multi()
      .set(PREFIX + id, `${userId}:${generation}`, 'EX', TRUST_TTL_SECONDS)
      // The generation outlives every record that names it.
      .expire(this.generationKey(userId), TRUST_TTL_SECONDS)
      .exec();
    return id;
  }

  async isTrusted(id: string, userId: string): Promise<boolean> {
    if (!id.startsWith('trust-device-')) return false;
    const [record, generation] = await this.redis.mget(PREFIX + id, this.generationKey(userId));
    return record === `${userId}:${generation ?? '0'}`;
  }

  async untrustAll(userId: string): Promise<void> {
    await this.redis
      .multi()
      .incr(this.generationKey(userId))
      .expire(this.generationKey(userId), TRUST_TTL_SECONDS)
      .exec();
  }

  private generationKey(userId: string): string {
    return `${PREFIX}trust-generation:${userId}`;
  }
}
