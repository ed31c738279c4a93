import type { EmailOtpType } from '@authsvc/contracts';
import type { Redis } from 'ioredis';
import type { StoredOtp } from './one-time-secret.js';

/** Identity's own Redis keys; no other process reads them. Only hashes of links and codes are stored. */
const KEY_PREFIX = 'identity:passwordless:';
const LINK = `${KEY_PREFIX}link:`;
const LATEST_LINK = `${KEY_PREFIX}latest-link:`;
const OTP = `${KEY_PREFIX}otp:`;
const BUDGET = `${KEY_PREFIX}otp-budget:`;
const SENDS = `${KEY_PREFIX}sends:`;

/**
 * How long a code's record outlives its expiry, so that a late attempt is told OTP_EXPIRED (as the reference)
 * rather than INVALID_OTP; it cannot be used in that time.
 */
const EXPIRED_OTP_MEMORY_MS = 5 * 60 * 1000;

/** What a magic link's token stands for. */
export interface MagicLinkGrant {
  readonly email: string;
  readonly name: string;
  readonly addressId: string;
}

/**
 * A new link for the address voids the one before it (weak spot 9 of the reference): the address's latest token
 * hash is kept beside the tokens, and the token it named is deleted with it, in one script (so two replicas
 * sending at once leave one live link). The old token's key is named inside the script: identity's Redis is one
 * node, never a cluster. KEYS: the address's latest, the new token's key. ARGV: grant, lifetime (ms), new hash.
 */
const ISSUE_LINK = `
local old = redis.call('GET', KEYS[1])
if old then redis.call('DEL', '${LINK}' .. old) end
redis.call('SET', KEYS[2], ARGV[1], 'PX', ARGV[2])
redis.call('SET', KEYS[1], ARGV[3], 'PX', ARGV[2])
`;

/**
 * Counts an attempt before its code is compared (so parallel guesses cannot all pass before the first is counted),
 * against the code and against the address's budget of attempts, which a new code does not restore (weak spot 8).
 * Answers {'budget'} when the budget is spent, {'none'} without a code, else the code's hash, its expiry and the
 * attempts before this one. KEYS: the code, the budget. ARGV: the budget, its window (ms).
 */
const ATTEMPT_OTP = `
if tonumber(redis.call('GET', KEYS[2]) or '0') >= tonumber(ARGV[1]) then return {'budget'} end
local code = redis.call('HGET', KEYS[1], 'code')
if not code then return {'none'} end
local before = redis.call('HINCRBY', KEYS[1], 'attempts', 1) - 1
if redis.call('INCR', KEYS[2]) == 1 then redis.call('PEXPIRE', KEYS[2], ARGV[2]) end
return {'code', code, redis.call('HGET', KEYS[1], 'expiresAt'), tostring(before)}
`;

/**
 * A right code gives its attempt back to the budget, and is spent (deleted) or, when only checked, keeps its try
 * too; only when it is still the code that was compared (a concurrent right attempt may have spent it). Answers
 * 1 when it was. KEYS: the code, the budget. ARGV: the compared hash, '1' to spend.
 */
const SETTLE_RIGHT_OTP = `
if redis.call('HGET', KEYS[1], 'code') ~= ARGV[1] then return 0 end
if ARGV[2] == '1' then redis.call('DEL', KEYS[1]) else redis.call('HINCRBY', KEYS[1], 'attempts', -1) end
if tonumber(redis.call('GET', KEYS[2]) or '0') > 0 then redis.call('DECR', KEYS[2]) end
return 1
`;

/** The outcome of counting an attempt. */
export type OtpAttempt =
  { readonly kind: 'budget-spent' } | { readonly kind: 'counted'; readonly stored: StoredOtp | null };

/** Magic links and mailed codes in Redis, shared by every replica: hashed, with their lifetime as TTL. */
export class PasswordlessStore {
  constructor(private readonly redis: Redis) {}

  /**
   * Counts a mail (link or code) to the address in its window: false past PASSWORDLESS_ADDRESS_SENDS, so that no
   * number of clients floods one mailbox (the gateway limits each client).
   */
  async admitSend(
    addressId: string,
    limits: { PASSWORDLESS_ADDRESS_SENDS: number; PASSWORDLESS_ADDRESS_WINDOW: number },
  ): Promise<boolean> {
    const [[, count]] = (await this.redis
      .multi()
      .incr(SENDS + addressId)
      .pexpire(SENDS + addressId, limits.PASSWORDLESS_ADDRESS_WINDOW * 1000, 'NX')
      .exec()) as [[null, number], unknown];
    return count <= limits.PASSWORDLESS_ADDRESS_SENDS;
  }

  async issueLink(tokenHash: string, grant: MagicLinkGrant, lifetimeMs: number): Promise<void> {
    await this.redis.eval(
      ISSUE_LINK,
      2,
      LATEST_LINK + grant.addressId,
      LINK + tokenHash,
      JSON.stringify(grant),
      lifetimeMs,
      tokenHash,
    );
  }

  /** The link's grant, now spent (GETDEL: of two replicas given the same token at once, one gets it). */
  async takeLink(tokenHash: string): Promise<MagicLinkGrant | null> {
    const stored = await this.redis.getdel(LINK + tokenHash);
    return stored === null ? null : (JSON.parse(stored) as MagicLinkGrant);
  }

  /** Stores a new code for the address and type, replacing the one before it (its tries start again, not the budget). */
  async issueOtp(type: EmailOtpType, addressId: string, codeHash: string, expiresAt: number): Promise<void> {
    const key = otpKey(type, addressId);
    await this.redis
      .multi()
      .del(key)
      .hset(key, { code: codeHash, expiresAt: String(expiresAt), attempts: '0' })
      .pexpireat(key, expiresAt + EXPIRED_OTP_MEMORY_MS)
      .exec();
  }

  async attemptOtp(type: EmailOtpType, addressId: string, budget: number, windowMs: number): Promise<OtpAttempt> {
    const answer = (await this.redis.eval(
      ATTEMPT_OTP,
      2,
      otpKey(type, addressId),
      BUDGET + addressId,
      budget,
      windowMs,
    )) as string[];
    if (answer[0] === 'budget') return { kind: 'budget-spent' };
    if (answer[0] === 'none') return { kind: 'counted', stored: null };
    return {
      kind: 'counted',
      stored: { codeHash: answer[1], expiresAt: Number(answer[2]), attemptsBefore: Number(answer[3]) },
    };
  }

  /** See SETTLE_RIGHT_OTP: false when another attempt spent the code first. */
  async settleRightOtp(type: EmailOtpType, addressId: string, codeHash: string, spend: boolean): Promise<boolean> {
    const settled = await this.redis.eval(
      SETTLE_RIGHT_OTP,
      2,
      otpKey(type, addressId),
      BUDGET + addressId,
      codeHash,
      spend ? '1' : '0',
    );
    return settled === 1;
  }

  /** Forgets an expired code, or one whose tries are spent: the next attempt finds none. */
  async dropOtp(type: EmailOtpType, addressId: string): Promise<void> {
    await this.redis.del(otpKey(type, addressId));
  }
}

const otpKey = (type: EmailOtpType, addressId: string): string => `${OTP}${type}:${addressId}`;
