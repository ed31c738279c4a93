import type { AllowedDifference } from './differential-account.allowed.js';

/**
 * Where our admin surface answers differently from better-auth 1.7 (reference profile) on purpose; each entry is
 * summed up in docs/admin.md. A difference not listed here fails the differential test, and so does an entry
 * whose difference is gone.
 */
export const ADMIN_SURFACE_DIFFERENCES: readonly AllowedDifference[] = [
  {
    label: 'has-permission: anonymous',
    aspects: ['error', 'body'],
    why: 'every error of ours is JSON {message, code} (401 UNAUTHORIZED); the reference answers an empty 401',
  },
  {
    label: 'set-role: anonymous',
    aspects: ['error', 'body'],
    why: 'every error of ours is JSON {message, code} (401 UNAUTHORIZED); the reference answers an empty 401',
  },
  {
    label: 'set-role: an unknown role',
    aspects: ['status', 'error', 'body'],
    why: 'deliberately stricter: a role no access statement names is refused (400 YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE, the answer 1.7 gives once roles are configured) instead of being stored',
  },
  {
    label: 'impersonate-user: the admin',
    aspects: ['cookies'],
    why: "the admin_session cookie lasts as long as the admin's own session still does, not a fixed 7 days: it can restore nothing after that (docs/admin-sessions.md)",
  },
];
