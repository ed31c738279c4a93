import type { AllowedDifference } from './differential-account.allowed.js';

const NOT_FOUND_INSTEAD = ['status', 'error'] as const;

/**
 * Where our passkey surface answers differently from better-auth 1.7 with @better-auth/passkey 1.7.6 on purpose;
 * each entry is summed up in docs/wire-differences.md. A difference not listed here fails the differential test,
 * and so does an entry whose difference is gone.
 */
export const PASSKEY_SURFACE_DIFFERENCES: readonly AllowedDifference[] = [
  {
    label: 'verify-registration: an answer for another origin',
    aspects: ['status'],
    why: 'reference defect: a registration answer @simplewebauthn/server refuses ends in 500 FAILED_TO_VERIFY_REGISTRATION; a client’s bad answer is a 400 with the same code and message here',
  },
  {
    label: 'verify-registration: an answer to another challenge',
    aspects: ['status'],
    why: 'as "verify-registration: an answer for another origin"',
  },
  {
    label: "update-passkey: bob, ada's passkey",
    aspects: NOT_FOUND_INSTEAD,
    why: 'deliberately: another user’s passkey answers exactly like an unknown one (404 PASSKEY_NOT_FOUND), so passkey ids cannot be probed; the reference answers 401 YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY',
  },
  {
    label: "delete-passkey: bob, ada's passkey",
    aspects: [...NOT_FOUND_INSTEAD, 'body'],
    why: 'as "update-passkey: bob, ada’s passkey"; the reference answers an empty 401',
  },
  {
    label: 'admin/list-user-passkeys: by a plain user',
    aspects: ['status', 'error', 'body'],
    why: 'beyond the reference: admins see a user’s passkeys (issue 36); the reference has no such route (404)',
  },
  {
    label: 'admin/remove-user-passkey: by a plain user',
    aspects: ['status', 'error', 'body'],
    why: 'beyond the reference: admins remove a user’s passkey (issue 36); the reference has no such route (404)',
  },
];
