import type { WireAspect } from './support/oracle/wire-shape.js';

export interface AllowedDifference {
  /** The step's label in the differential test. */
  readonly label: string;
  readonly aspects: readonly (WireAspect | 'mails' | 'values')[];
  readonly why: string;
}

const REFUSED_INSTEAD: readonly WireAspect[] = ['status', 'error', 'body', 'cookies'];

/**
 * Where our account surface answers differently from better-auth 1.7 (reference profile) on purpose. Each entry
 * is summed up in docs/wire-differences.md; a difference not listed here fails the differential test, and so
 * does an entry whose difference is gone.
 */
export const ACCOUNT_SURFACE_DIFFERENCES: readonly AllowedDifference[] = [
  {
    label: 'sign-up/email: with a numeric username',
    aspects: ['status', 'error'],
    why: 'reference defect: its username normaliser calls toLowerCase on a number and answers 422 FAILED_TO_CREATE_USER; we answer 400 VALIDATION_ERROR (v17-differences E7)',
  },
  {
    label: 'request body: malformed JSON',
    aspects: ['status', 'error', 'body'],
    why: 'reference defect: through toNodeHandler a body that is no JSON ends in 500 with an empty body; we answer 400 BAD_REQUEST "Invalid JSON in request body", the answer v17-differences S6 documents for 1.7',
  },
  {
    label: 'sign-in/email: without an origin',
    aspects: ['status', 'error', 'body', 'cookies'],
    why: 'deliberately not copied: 1.7 refuses a cookie-less sign-in that carries any Sec-Fetch-* header but no Origin; we refuse it when Sec-Fetch-Site is present (a browser), not for Sec-Fetch-Mode alone, which Node fetch sends (the better-auth client under Node, SSR). Browsers send Origin on every POST, so this stops no login CSRF',
  },
  {
    label: 'get-session: with a forged cookie',
    aspects: ['cookies'],
    why: 'deliberately stricter: a session cookie whose signature fails is cleared (Max-Age=0), so the browser stops presenting it; both answer null',
  },
  {
    label: 'update-user: a numeric name',
    aspects: REFUSED_INSTEAD,
    why: 'reference defect: it stores the number as the name (type confusion); we answer 400 VALIDATION_ERROR',
  },
  {
    label: 'update-user: the session after a numeric name',
    aspects: ['body'],
    why: 'follows from the previous entry: the reference now holds a numeric name',
  },
  {
    label: 'sign-up/email: with a javascript: image',
    aspects: REFUSED_INSTEAD,
    why: 'deliberately stricter (ASVS 1.2.2): a profile image is an https URL (http in development), 400 VALIDATION_ERROR otherwise; 1.7 stores any text, javascript: and data: included',
  },
  {
    label: 'update-user: a data: image',
    aspects: REFUSED_INSTEAD,
    why: 'as "sign-up/email: with a javascript: image"',
  },
  {
    label: 'update-user: the session after a data: image',
    aspects: ['body'],
    why: 'follows from the previous entry: the reference now holds the data: URL as the image',
  },
  {
    label: 'sign-up/email: with a NUL in the name',
    aspects: REFUSED_INSTEAD,
    why: 'deliberately stricter: no field but a password may hold a control character (PostgreSQL refuses a NUL; line breaks have no place in a name mails show), 400 VALIDATION_ERROR; the reference, on its memory store, keeps it',
  },
  {
    label: 'setup: verify-email',
    aspects: ['cookies'],
    why: 'a verification link opened by a browser already signed in as its user: the reference sets the same session cookie again; ours leaves it (the cookie holds only the session token, and the session shows the verified user through the EmailVerified event)',
  },
  {
    label: 'verify-email: the sign-up link of another, signed in as myself',
    aspects: ['cookies'],
    why: "deliberately stricter (login CSRF): a verification link never replaces a signed-in browser's session with its own user's; the reference signs the browser into the link's account",
  },
  {
    label: 'verify-email: a link another site sent the browser to',
    aspects: ['cookies'],
    why: "deliberately stricter (login CSRF): a link followed from another site (Sec-Fetch-Site: cross-site) verifies the address but signs nobody in; the reference signs the browser into the link's account",
  },
  {
    label: 'change-email: new address link, signed in',
    aspects: ['cookies'],
    why: 'as "setup: verify-email": no second Set-Cookie of an unchanged session token',
  },
  {
    label: 'change-email: unverified user follows the link',
    aspects: ['cookies'],
    why: 'as "setup: verify-email": no second Set-Cookie of an unchanged session token',
  },
  {
    label: 'change-email: the session after verifying',
    aspects: ['body'],
    why: "deliberately not copied: following the link mailed to the new address proves it, so an unverified user's new address is verified (as a verified user's is); 1.7 keeps the old address's emailVerified (false)",
  },
  {
    label: 'reset-password: the other mailed link after a completed reset',
    aspects: ['status', 'error', 'body'],
    why: 'deliberately stricter: a completed reset (any new password) voids every reset link mailed before it; the reference lets an older link reset the password again',
  },
  {
    label: 'reset-password: the mailed link without redirectTo',
    aspects: ['location'],
    why: "deliberately not copied: a reset link mailed without redirectTo (empty callbackURL, as 1.7 mails it) lands on our web client's reset screen (/reset-password?token=…); 1.7 sends even a valid link to its /error page with INVALID_TOKEN, a dead end",
  },
  {
    label: 'forget-password: known address',
    aspects: ['status', 'body'],
    why: "the spec's endpoint, removed in 1.7 (404): kept as an alias of request-password-reset for v1.2-era clients (v17-differences M9)",
  },
  {
    label: 'list-accounts: signed in',
    aspects: ['body'],
    why: 'each account also carries `provider` (= providerId), the v1.2 name that older clients read',
  },
  {
    label: 'an unknown endpoint',
    aspects: ['error', 'body'],
    why: 'every error of ours is JSON {message, code} (404 NOT_FOUND); the reference answers an empty body',
  },
];

/**
 * The admin plugin's user fields (role, banned, banReason, banExpires), left out where a suite compares other
 * things (the organization suite, whose members' `role` is compared apart); the account suite compares them.
 */
export const ACCOUNT_SURFACE_IGNORED_KEYS: ReadonlySet<string> = new Set(['role', 'banned', 'banReason', 'banExpires']);
