import { DomainError, RequestErrors } from '@authsvc/errors';
import type { FastifyReply } from 'fastify';
import type { RateLimitRule } from './rate-limit-rules.js';
import type { RateLimiter } from './rate-limiter.js';

const HOUR_MS = 3_600_000;

/**
 * How often one invitation (an organization and an address) may be mailed, by invite-member or its resend: once a
 * minute, five times an hour.
 */
export const INVITATION_MAIL_RULES: readonly RateLimitRule[] = [
  { windowMs: 60_000, max: 1, failClosed: true },
  { windowMs: HOUR_MS, max: 5, failClosed: true },
];

/** How many invitation mails one address may get an hour, from every organization together. */
export const ADDRESS_MAIL_RULE: RateLimitRule = { windowMs: HOUR_MS, max: 10, failClosed: true };

/**
 * Limits invitation mails per recipient, whoever asks and from wherever (the per-client rule cannot: an attacker
 * has many addresses, and their organizations many names). A send is counted before it is made, so that
 * concurrent requests cannot all pass, and given back when the service refuses it: no mail went out, and a caller
 * who may not invite cannot use up an address's allowance. Over a limit: 429 with `X-Retry-After`; no count: 503.
 */
export class InvitationMailLimit {
  /** `limiter` undefined: rate limits are off (`RATE_LIMIT_ENABLED=false`). */
  constructor(private readonly limiter: RateLimiter | undefined) {}

  async send<T>(
    recipient: { organizationId: string; email: string },
    reply: FastifyReply,
    mail: () => Promise<T>,
  ): Promise<T> {
    const limiter = this.limiter;
    if (!limiter) return mail();
    const address = recipient.email.trim().toLowerCase();
    const counters = [
      ...INVITATION_MAIL_RULES.map((rule) => ({
        key: `invitation:${rule.windowMs}:${recipient.organizationId}:${address}`,
        rule,
      })),
      { key: `invitation-address:${address}`, rule: ADDRESS_MAIL_RULE },
    ];
    const waits = await Promise.all(counters.map(({ key, rule }) => limiter.retryAfterMs(key, rule)));
    try {
      if (waits.includes(undefined)) throw new DomainError(RequestErrors.SERVICE_UNAVAILABLE);
      const waitMs = Math.max(...(waits as number[]));
      if (waitMs > 0) {
        reply.header('X-Retry-After', String(Math.ceil(waitMs / 1000)));
        throw new DomainError(RequestErrors.TOO_MANY_REQUESTS);
      }
      return await mail();
    } catch (error) {
      await Promise.all(counters.map(({ key }) => limiter.release(key)));
      throw error;
    }
  }
}
