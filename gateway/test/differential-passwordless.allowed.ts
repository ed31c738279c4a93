import type { AllowedDifference } from './differential-account.allowed.js';

/**
 * Where magic links and email codes answer differently from better-auth 1.7 (reference profile) on purpose. Each
 * entry is summed up in docs/wire-differences.md; a difference not listed here fails the differential test, and
 * so does an entry whose difference is gone.
 */
export const PASSWORDLESS_SURFACE_DIFFERENCES: readonly AllowedDifference[] = [
  {
    label: 'magic-link/verify: untrusted errorCallbackURL',
    aspects: ['error'],
    why: 'the reference reports any untrusted URL in the query as INVALID_CALLBACK_URL; our origin guard names the field, as both sides do for the same URL in the body of sign-in/magic-link (status 403 and the unspent token are the same)',
  },
  {
    label: 'magic-link/verify: POST confirm',
    aspects: ['status', 'body', 'location'],
    why: 'weak spot 9: a browser opening the mailed link gets a page that confirms by POST (mail scanners that prefetch GETs spend nothing); the reference has no POST route (404), ours spends the link as the GET does',
  },
];
