import type { AllowedDifference } from './differential-account.allowed.js';

/**
 * Where magic links and email codes answer differently from better-auth 1.7 (reference profile) on purpose. Each
 * entry is summed up in docs/wire-differences.md; a difference not listed here fails the differential test, and
 * so does an entry whose difference is gone.
 */
export const PASSWORDLESS_SURFACE_DIFFERENCES: readonly AllowedDifference[] = [];
