import type { CaptchaSettings } from './captcha-settings.js';

/** The body of a siteverify call and its Content-Type. */
export interface VerificationRequest {
  readonly contentType: string;
  readonly body: string;
}

/**
 * What the provider's siteverify API is sent for a token: Turnstile takes JSON, reCAPTCHA and hCaptcha a form;
 * hCaptcha also gets the site key when one is set. `remoteip` is the client address the gateway resolved (the
 * reference's `x-captcha-user-remote-ip` header is not read: a client could name any address in it).
 */
export function verificationRequestOf(
  settings: Pick<CaptchaSettings, 'provider' | 'secretKey' | 'siteKey'>,
  token: string,
  remoteIp: string,
): VerificationRequest {
  const fields: Record<string, string> = { secret: settings.secretKey, response: token };
  if (settings.provider === 'hcaptcha' && settings.siteKey !== undefined) fields.sitekey = settings.siteKey;
  if (remoteIp !== '') fields.remoteip = remoteIp;
  if (settings.provider === 'cloudflare-turnstile') {
    return { contentType: 'application/json', body: JSON.stringify(fields) };
  }
  return { contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams(fields).toString() };
}

/**
 * Whether the provider's answer lets the request through: `success: true`, and for reCAPTCHA a score (v3) at
 * least the minimum (a v2 answer has none); with an action configured, the answer must name that action, so a
 * token issued for another form, or a v2 token where v3 is expected, fails.
 */
export function isAcceptedAnswer(
  settings: Pick<CaptchaSettings, 'provider' | 'minScore' | 'action'>,
  answer: unknown,
): boolean {
  if (typeof answer !== 'object' || answer === null) return false;
  const { success, score, action } = answer as Record<string, unknown>;
  if (success !== true) return false;
  if (settings.provider === 'google-recaptcha' && typeof score === 'number' && score < settings.minScore) return false;
  return settings.action === undefined || action === settings.action;
}
