export interface RateLimitRule {
  readonly windowMs: number;
  readonly max: number;
}

export const DEFAULT_RULE: RateLimitRule = { windowMs: 10_000, max: 100 };

/** Credential and mail-sending endpoints: 3 requests per 10 s per client, as the reference limits them. */
const STRICT_RULE: RateLimitRule = { windowMs: 10_000, max: 3 };
const STRICT_PREFIXES = [
  '/sign-in',
  '/sign-up',
  '/change-password',
  '/change-email',
  '/request-password-reset',
  '/forget-password',
  '/reset-password',
  '/send-verification-email',
];

/** The rule for a path below the auth API base. */
export function rateLimitRuleFor(path: string): RateLimitRule {
  return STRICT_PREFIXES.some((prefix) => path.startsWith(prefix)) ? STRICT_RULE : DEFAULT_RULE;
}
