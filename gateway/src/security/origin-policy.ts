import { DomainError, RequestErrors, type ErrorDefinition } from '@authsvc/errors';
import type { TrustedOrigins } from './trusted-origins.js';

/** What the origin policy looks at in a request. */
export interface OriginFacts {
  readonly method: string;
  /** The matched route below the auth API base (`/sign-in/email`), never the path as the client spelled it. */
  readonly route: string;
  readonly hasCookies: boolean;
  readonly origin?: string;
  readonly referer?: string;
  readonly secFetchSite?: string;
  readonly secFetchMode?: string;
  readonly body: unknown;
  readonly query: Record<string, unknown>;
}

export const SIGN_IN_ROUTES = ['/sign-in/', '/sign-up/'];
const PROVIDER_CALLBACK_ROUTE = '/callback/';

/** Each field, its error when it is no string, and its error when untrusted. */
export const URL_FIELDS: readonly [field: string, notAString: ErrorDefinition, untrusted: ErrorDefinition][] = [
  ['callbackURL', RequestErrors.CALLBACK_URL_NOT_A_STRING, RequestErrors.INVALID_CALLBACK_URL],
  ['redirectTo', RequestErrors.REDIRECT_URL_NOT_A_STRING, RequestErrors.INVALID_REDIRECT_URL],
  ['errorCallbackURL', RequestErrors.ERROR_CALLBACK_URL_NOT_A_STRING, RequestErrors.INVALID_ERROR_CALLBACK_URL],
  ['newUserCallbackURL', RequestErrors.NEW_USER_CALLBACK_URL_NOT_A_STRING, RequestErrors.INVALID_NEW_USER_CALLBACK_URL],
];

/**
 * CSRF and open-redirect defence (reference §5 with the current client's hardening): a cookie-bearing
 * POST must come from a trusted Origin (or Referer); sign-in and sign-up check a given Origin even
 * without cookies, refuse cross-site form navigations (login CSRF), and want an Origin whenever
 * `Sec-Fetch-Site` shows a browser sent them; any other POST a browser marks as sent from another site (`Sec-Fetch-Site:
 * cross-site` or `same-site`) wants an Origin too, since browsers send one with every such POST. Every URL the
 * caller asks us to redirect to, in any request (the links of mails are GETs), must be trusted or a safe
 * relative path.
 */
export function checkOrigin(facts: OriginFacts, trusted: TrustedOrigins): void {
  const isSignIn = SIGN_IN_ROUTES.some((prefix) => facts.route.startsWith(prefix));
  // A provider's form_post (Apple) comes from the provider's origin; the POST only redirects to the GET, which acts.
  const isFormPost = facts.route.startsWith(PROVIDER_CALLBACK_ROUTE);
  if (facts.method === 'POST' && !isFormPost) checkRequestOrigin(facts, trusted, isSignIn);
  const body = (typeof facts.body === 'object' && facts.body !== null ? facts.body : {}) as Record<string, unknown>;
  for (const [field, notAString, untrusted] of URL_FIELDS) {
    // A mailed link's URLs are in its query (the magic link's three, verify-email's callbackURL).
    const value = body[field] ?? facts.query[field];
    if (!value) continue;
    if (typeof value !== 'string') throw new DomainError(notAString);
    if (!trusted.isTrustedUrl(value)) throw new DomainError(untrusted);
  }
}

function checkRequestOrigin(facts: OriginFacts, trusted: TrustedOrigins, isSignIn: boolean): void {
  const origin = facts.origin ?? originOfReferer(facts.referer);
  if (origin === undefined) {
    if (facts.hasCookies) throw new DomainError(RequestErrors.MISSING_OR_NULL_ORIGIN);
    if (isSignIn && facts.secFetchSite === 'cross-site' && facts.secFetchMode === 'navigate') {
      throw new DomainError(RequestErrors.CROSS_SITE_NAVIGATION_LOGIN_BLOCKED);
    }
    if (browserSentItWithoutOrigin(facts, isSignIn)) throw new DomainError(RequestErrors.MISSING_OR_NULL_ORIGIN);
    return;
  }
  if (!facts.hasCookies && !isSignIn) return;
  if (origin === 'null') throw new DomainError(RequestErrors.MISSING_OR_NULL_ORIGIN);
  if (!trusted.isTrustedOrigin(origin)) throw new DomainError(RequestErrors.INVALID_ORIGIN);
}

/**
 * A POST without Origin that Fetch Metadata marks as a browser's: on sign-in and sign-up any `Sec-Fetch-Site`, as
 * the reference, elsewhere one from another site or another origin of this site. A browser sends an Origin with
 * each of these, so its absence means it was stripped, and the request is refused as a missing Origin. Only
 * `Sec-Fetch-Site` counts, not `Sec-Fetch-Mode` or `-Dest` alone: Node's fetch sends `Sec-Fetch-Mode: cors` from
 * servers, which carry no Origin and no cookies of a user.
 */
function browserSentItWithoutOrigin(facts: OriginFacts, isSignIn: boolean): boolean {
  if (isSignIn) return Boolean(facts.secFetchSite?.trim());
  return facts.secFetchSite === 'cross-site' || facts.secFetchSite === 'same-site';
}

function originOfReferer(referer: string | undefined): string | undefined {
  if (!referer) return undefined;
  try {
    return new URL(referer).origin;
  } catch {
    return 'null';
  }
}
