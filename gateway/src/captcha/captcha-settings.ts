import {
  ConfigError,
  decimal,
  integer,
  InvalidValue,
  optionalUrl,
  text,
  type ConfigOf,
  type Variable,
} from '@authsvc/config';
import { captchaEndpointsVariable } from './captcha-endpoints.js';

export const CAPTCHA_PROVIDERS = ['cloudflare-turnstile', 'google-recaptcha', 'hcaptcha'] as const;
export type CaptchaProvider = (typeof CAPTCHA_PROVIDERS)[number];

/** Each provider's siteverify API (CAPTCHA_VERIFY_URL replaces it, for a proxy or a test's stand-in). */
export const SITE_VERIFY_URLS: Readonly<Record<CaptchaProvider, string>> = {
  'cloudflare-turnstile': 'https://challenges.cloudflare.com/turnstile/v0/siteverify',
  'google-recaptcha': 'https://www.google.com/recaptcha/api/siteverify',
  hcaptcha: 'https://api.hcaptcha.com/siteverify',
};

const providerVariable: Variable<CaptchaProvider | undefined> = {
  describe: `one of ${CAPTCHA_PROVIDERS.join(', ')}, or empty`,
  defaultValue: '',
  parse: (raw) => {
    const value = raw.trim();
    if (value === '') return undefined;
    const provider = CAPTCHA_PROVIDERS.find((known) => known === value);
    if (!provider) throw new InvalidValue(`must be one of ${CAPTCHA_PROVIDERS.join(', ')}, or empty, got "${raw}"`);
    return provider;
  },
};

export const CaptchaVariables = {
  /** Which provider checks the `x-captcha-response` token of guarded requests; empty: no captcha. */
  CAPTCHA_PROVIDER: providerVariable,
  CAPTCHA_SECRET_KEY: text(''),
  /** hCaptcha only: the site key the token must have been issued for. */
  CAPTCHA_SITE_KEY: text(''),
  /** reCAPTCHA v3: the lowest score that passes (v2 answers carry no score). */
  CAPTCHA_MIN_SCORE: decimal(0.5, 0, 1),
  /** reCAPTCHA v3 and Turnstile: the action the token must have been issued for; empty: any. */
  CAPTCHA_ACTION: text(''),
  CAPTCHA_VERIFY_URL: optionalUrl(['http:', 'https:']),
  CAPTCHA_ENDPOINTS: captchaEndpointsVariable,
  /** How long a guarded request waits for the provider before answering 500 (the reference's 10 s). */
  CAPTCHA_TIMEOUT_MS: integer(10_000, 100, 60_000),
};

/** The captcha as configured: which provider, how to ask it, what passes and which routes it guards. */
export interface CaptchaSettings {
  readonly provider: CaptchaProvider;
  readonly secretKey: string;
  readonly siteKey?: string;
  readonly minScore: number;
  readonly action?: string;
  readonly verifyUrl: URL;
  readonly endpoints: readonly string[];
  readonly timeoutMs: number;
}

/**
 * The captcha settings, undefined when no provider is set. A provider without its secret refuses to start (the
 * reference would answer every guarded request 500), and so does an action to check with hCaptcha, whose answers
 * name none (every token would fail).
 */
export function captchaSettingsOf(config: ConfigOf<typeof CaptchaVariables>): CaptchaSettings | undefined {
  const provider = config.CAPTCHA_PROVIDER;
  if (provider === undefined) return undefined;
  const secretKey = config.CAPTCHA_SECRET_KEY.trim();
  const action = config.CAPTCHA_ACTION.trim();
  const problems = [
    ...(secretKey === '' ? ['CAPTCHA_SECRET_KEY is required when CAPTCHA_PROVIDER is set'] : []),
    ...(action !== '' && provider === 'hcaptcha' ? ['CAPTCHA_ACTION cannot be checked with hcaptcha'] : []),
  ];
  if (problems.length > 0) throw new ConfigError(problems);
  const siteKey = config.CAPTCHA_SITE_KEY.trim();
  return {
    provider,
    secretKey,
    ...(siteKey === '' ? {} : { siteKey }),
    minScore: config.CAPTCHA_MIN_SCORE,
    ...(action === '' ? {} : { action }),
    verifyUrl: config.CAPTCHA_VERIFY_URL ?? new URL(SITE_VERIFY_URLS[provider]),
    endpoints: config.CAPTCHA_ENDPOINTS,
    timeoutMs: config.CAPTCHA_TIMEOUT_MS,
  };
}
