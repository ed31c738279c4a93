import type { AllowedDifference } from './differential-account.allowed.js';

/**
 * Where our two-factor surface answers differently from better-auth 1.7 with `twoFactor()` (reference profile) on
 * purpose; each entry is explained in docs/wire-differences.md. A difference not listed here fails the
 * differential test, and so does an entry whose difference is gone.
 */
export const TWO_FACTOR_DIFFERENCES: readonly AllowedDifference[] = [
  {
    label: 'verify-totp: the first code (session)',
    aspects: ['body'],
    why: 'deliberately stricter (wire-mfa §4.3): the answer names the user as they now are (twoFactorEnabled true); 1.7 answers the user as they were',
  },
  {
    label: 'sign-in: from the trusted device',
    aspects: ['cookies'],
    why: 'a trusted device stays trusted 30 days from the second factor it proved; 1.7 re-issues the trust cookie at every sign-in, so a device signing in monthly is never asked again',
  },
  {
    label: 'admin: factors, not an admin',
    aspects: ['status', 'error', 'body'],
    why: 'beyond the reference (issue 36): an admin can see a user’s second factors; the reference has no such route (404)',
  },
  {
    label: 'admin: reset, not an admin',
    aspects: ['status', 'error', 'body'],
    why: 'beyond the reference (issue 36): an admin can reset a user’s second factors; the reference has no such route (404)',
  },
];
