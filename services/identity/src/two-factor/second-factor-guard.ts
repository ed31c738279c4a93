import type { Redis } from 'ioredis';

const PREFIX = 'identity:two-factor:';
/** Consecutive wrong second factors (any method, any path) that lock the account's second step. */
export const LOCK_THRESHOLD = 10;
export const LOCK_MS = 900_000;

/**
 * Claims a TOTP step for the user unless this step or a later one was claimed before: atomic, so two requests with
 * one code cannot both pass. Kept for as long as a step's code can be accepted (the window is three steps).
 * KEYS: the user's last step; ARGV: the step, the key's lifetime (ms).
 */
const CLAIM_STEP_SCRIPT = `
local last = tonumber(redis.call('GET', KEYS[1]) or '-1')
if last >= tonumber(ARGV[1]) then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1
`;
const CLAIM_STEP_COMMAND = 'identityClaimTotpStep';
const STEP_MEMORY_MS = 5 * 60 * 1000;

/**
 * The per-user limits of the second step, on every replica (Redis): the last accepted TOTP step (a used code is
 * refused for the rest of its window), and the lock after LOCK_THRESHOLD consecutive failures, for LOCK_MS. The
 * lock guards only the second step, which needs the password or a live session first: whoever knows neither
 * cannot reach it, so cannot lock the owner out.
 */
export class SecondFactorGuard {
  private readonly claimStep: (key: string, step: number, ttlMs: number) => Promise<number>;

  constructor(private readonly redis: Redis) {
    redis.defineCommand(CLAIM_STEP_COMMAND, { numberOfKeys: 1, lua: CLAIM_STEP_SCRIPT });
    const commands = redis as unknown as Record<string, (key: string, step: number, ttlMs: number) => Promise<number>>;
    this.claimStep = commands[CLAIM_STEP_COMMAND]!.bind(redis);
  }

  /** The last TOTP step accepted for the user, or null. */
  async lastStep(userId: string): Promise<number | null> {
    const last = await this.redis.get(`${PREFIX}totp-step:${userId}`);
    return last === null ? null : Number(last);
  }

  /** True when the step was not used yet and is now the user's last. */
  async claim(userId: string, step: number): Promise<boolean> {
    return (await this.claimStep(`${PREFIX}totp-step:${userId}`, step, STEP_MEMORY_MS)) === 1;
  }

  /** A new secret's codes are not the old one's: the steps used with the old one are forgotten. */
  async forgetSteps(userId: string): Promise<void> {
    await this.redis.del(`${PREFIX}totp-step:${userId}`);
  }

  async isLocked(userId: string): Promise<boolean> {
    return (await this.redis.pttl(`${PREFIX}locked:${userId}`)) > 0;
  }

  /** Counts a failure; true when it locked the account's second step. */
  async fail(userId: string): Promise<boolean> {
    const key = `${PREFIX}failures:${userId}`;
    const [[, failures]] = (await this.redis.multi().incr(key).pexpire(key, LOCK_MS).exec()) as [[null, number]];
    if (failures < LOCK_THRESHOLD) return false;
    await this.redis.multi().set(`${PREFIX}locked:${userId}`, '1', 'PX', LOCK_MS).del(key).exec();
    return true;
  }

  async succeed(userId: string): Promise<void> {
    await this.redis.del(`${PREFIX}failures:${userId}`);
  }

  /** An admin's reset: no lock, no count. */
  async clear(userId: string): Promise<void> {
    await this.redis.del(`${PREFIX}failures:${userId}`, `${PREFIX}locked:${userId}`);
  }
}
