import { InvalidValue, list, type Variable } from '@authsvc/config';
import { AUTH_BASE_PATH } from '../auth/auth-base-path.js';

/**
 * The routes a captcha guards unless CAPTCHA_ENDPOINTS says otherwise: the reference's sign-up, sign-in and
 * password-reset request, the latter under both of its names (the spec keeps `/forget-password` beside v1.7's
 * `/request-password-reset`).
 */
export const DEFAULT_CAPTCHA_ENDPOINTS: readonly string[] = [
  '/sign-up/email',
  '/sign-in/email',
  '/forget-password',
  '/request-password-reset',
];

/** One CAPTCHA_ENDPOINTS entry as a path under /api/auth, without a trailing slash; `/api/auth/x` is taken as `/x`. */
function endpointOf(entry: string): string {
  if (!entry.startsWith('/')) throw new InvalidValue(`has "${entry}": each entry is a path starting with "/"`);
  const path = entry.startsWith(`${AUTH_BASE_PATH}/`) ? entry.slice(AUTH_BASE_PATH.length) : entry;
  return path.replace(/\/+$/, '');
}

/** CAPTCHA_ENDPOINTS: comma-separated paths under /api/auth; empty means the default list, never "none". */
export const captchaEndpointsVariable: Variable<readonly string[]> = {
  describe: 'comma-separated paths under /api/auth',
  defaultValue: DEFAULT_CAPTCHA_ENDPOINTS.join(','),
  parse: (raw) => {
    const entries = list().parse(raw);
    return entries.length === 0 ? DEFAULT_CAPTCHA_ENDPOINTS : entries.map(endpointOf);
  },
};

/**
 * Whether a route (as declared, under /api/auth) is guarded: an endpoint names it or a parent of it (`/sign-in`
 * guards `/sign-in/email` and `/sign-in/username`). It goes by the matched route, not by the URL as the reference
 * does (a substring of the whole URL): every spelling the router serves for a route (`/api/auth/%73ign-in/email`)
 * is guarded as the canonical one, and a query string cannot put an unguarded route under the captcha.
 */
export function isGuardedRoute(route: string, endpoints: readonly string[]): boolean {
  return endpoints.some((endpoint) => route === endpoint || route.startsWith(`${endpoint}/`));
}
