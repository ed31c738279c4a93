import { RouteConfig } from '@nestjs/platform-fastify';

export interface RateLimitRule {
  readonly windowMs: number;
  readonly max: number;
  /**
   * Whether the route answers 503 when its count cannot be read (Redis away). Routes that check a password or
   * send mail fail closed: uncounted, they would let passwords be guessed and mailboxes flooded without limit.
   * Every other route fails open: an outage of the limiter's store must not take the whole API down with it.
   */
  readonly failClosed: boolean;
}

export const DEFAULT_RULE: RateLimitRule = { windowMs: 10_000, max: 100, failClosed: false };

/** Routes that check a password, send mail or take a mailed token: 3 requests per 10 s per client, as the reference. */
export const CREDENTIAL_RULE: RateLimitRule = { windowMs: 10_000, max: 3, failClosed: true };

/** `/two-factor/*`: each request may test a code or send one, 3 per 10 s per client as the reference's plugin. */
export const TWO_FACTOR_RULE: RateLimitRule = { windowMs: 10_000, max: 3, failClosed: true };

/** Where a route keeps its rule in its Fastify route config. */
const RULE_KEY = 'rateLimit';

/** Binds a rule to the route of the decorated handler (routes without one get `DEFAULT_RULE`). */
export const RateLimit = (rule: RateLimitRule): MethodDecorator => RouteConfig({ [RULE_KEY]: rule });

/** The rule of a matched route, from its Fastify route config. */
export function rateLimitRuleOf(routeConfig: unknown): RateLimitRule {
  const rule = (routeConfig as Record<string, RateLimitRule | undefined> | undefined)?.[RULE_KEY];
  return rule ?? DEFAULT_RULE;
}
