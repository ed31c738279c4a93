import { DEFAULT_RULE, rateLimitRuleFor } from './rate-limit-rules.js';

describe('rate limit rules', () => {
  it.each(['/sign-in/email', '/sign-up/email', '/forget-password', '/send-verification-email', '/reset-password/abc'])(
    '%s allows 3 requests per 10 s',
    (path) => expect(rateLimitRuleFor(path)).toEqual({ windowMs: 10_000, max: 3 }),
  );

  it.each(['/get-session', '/sign-out', '/ok'])('%s gets the default 100 per 10 s', (path) => {
    expect(rateLimitRuleFor(path)).toBe(DEFAULT_RULE);
  });
});
