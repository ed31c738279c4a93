import type { AllowedDifference } from './differential-account.allowed.js';
import type { WireAspect } from './support/oracle/wire-shape.js';

const REFUSED_INSTEAD: readonly WireAspect[] = ['status', 'error', 'body', 'cookies'];
const STATE_COOKIE =
  "deliberately stricter: the state cookie lives as long as the flow it binds (Max-Age 600 s, the state row's lifetime; 1.7: 300 s for a 600 s row), so a slow sign-in at the provider does not come back to state_mismatch";
const LIST_ACCOUNTS =
  'each account also carries `provider` (= providerId), the v1.2 name older clients read (as on the account surface), and `email`, the address at the provider for the linked-accounts screen';
const ERRORS_ARE_JSON = 'every error of ours is JSON `{message, code}` (1.7 answers an empty 401 here)';
const GOOGLE_NONCE = `${STATE_COOKIE}; and the authorization URL of an OpenID provider carries a nonce, required back in the id token (1.7 sends none in the redirect flow), so a token cannot be injected into another flow`;

/**
 * Where our social sign-in answers differently from better-auth 1.7 (reference profile, google and github at the
 * same local providers) on purpose; each entry is summed up in docs/wire-differences.md. A difference not listed
 * here fails the differential test, and so does an entry whose difference is gone.
 */
export const SOCIAL_SURFACE_DIFFERENCES: readonly AllowedDifference[] = [
  { label: 'sign-in/social: google, redirect', aspects: ['body', 'cookies', 'location'], why: GOOGLE_NONCE },
  { label: 'setup: sign-in/social google', aspects: ['body', 'cookies', 'location'], why: GOOGLE_NONCE },
  { label: 'sign-in/social: github, redirect', aspects: ['cookies'], why: STATE_COOKIE },
  { label: 'sign-in/social: disableRedirect', aspects: ['cookies'], why: STATE_COOKIE },
  { label: 'sign-in/social: every URL, scopes and a login hint', aspects: ['cookies'], why: STATE_COOKIE },
  { label: 'link-social: redirect, signed in', aspects: ['body', 'cookies', 'location'], why: GOOGLE_NONCE },
  { label: 'setup: link-social google', aspects: ['body', 'cookies', 'location'], why: GOOGLE_NONCE },
  { label: 'setup: sign-in/social github', aspects: ['cookies'], why: STATE_COOKIE },
  {
    label: 'sign-in/social: id token, the same token again',
    aspects: REFUSED_INSTEAD,
    why: 'deliberately stricter: an id token signs in once (remembered until it expires), so a captured token cannot be replayed; 1.7 accepts it again for its whole hour',
  },
  {
    label: 'sign-in/social: id token with a nonce the request does not name',
    aspects: REFUSED_INSTEAD,
    why: 'deliberately stricter: a token issued with a nonce belongs to the flow that asked for it; 1.7 compares nonces only when the request names one, so a token captured from another flow signs in',
  },
  {
    label: 'list-accounts: after the google sign-up',
    aspects: ['body'],
    why: LIST_ACCOUNTS,
  },
  {
    label: 'list-accounts: after the github sign-up',
    aspects: ['body'],
    why: LIST_ACCOUNTS,
  },
  {
    label: 'setup: verify-email',
    aspects: ['cookies'],
    why: 'as on the account surface: a verification link opened by a browser signed in as its user does not set the unchanged session cookie again (1.7 does)',
  },
  {
    label: 'list-accounts: after implicit linking',
    aspects: ['body'],
    why: LIST_ACCOUNTS,
  },
  {
    label: 'callback/google: the user cancels at the provider (access_denied, a description)',
    aspects: ['location'],
    why: "deliberately stricter: the provider's error_description is not relayed to errorCallbackURL (1.7 relays it as given): arbitrary provider text never reaches the app's page",
  },
  {
    label: 'callback/google: a provider error outside RFC 6749 with a description',
    aspects: ['location'],
    why: "deliberately stricter: an error value outside RFC 6749's list arrives as provider_error and its description is dropped (1.7 relays both as given)",
  },
  {
    label: "link-social: id token of another user's account, at their address",
    aspects: ['status', 'error'],
    why: "one order of rules for both branches: another address (401 LINKING_DIFFERENT_EMAILS_NOT_ALLOWED) before another user's account; 1.7's id-token branch answers 409 SOCIAL_ACCOUNT_ALREADY_LINKED first",
  },
  { label: 'list-accounts: after link-social', aspects: ['body'], why: LIST_ACCOUNTS },
  { label: 'list-accounts: after unlink-account', aspects: ['body'], why: LIST_ACCOUNTS },
  { label: 'setup: list-accounts', aspects: ['body'], why: LIST_ACCOUNTS },
  { label: 'get-access-token: without a session', aspects: ['error', 'body'], why: ERRORS_ARE_JSON },
  {
    label: 'refresh-token',
    aspects: ['body'],
    why: 'no `refreshToken`: it never leaves identity (a rotating one used by the app would revoke the grant identity refreshes with; a stolen session would yield a long-lived provider credential)',
  },
  {
    label: 'account-info',
    aspects: ['body'],
    why: "`user.id` is the provider's subject for every provider (1.7 leaves it out for Google, where its client's type requires it); Google's claims carry the `nonce` our authorization URL sends",
  },
  {
    label: "account-info: by POST, the spec's form",
    aspects: ['status', 'body'],
    why: "the spec's `POST /account-info {accountId}`, which v1.2-era clients send; 1.7 has only the GET (404)",
  },
];
