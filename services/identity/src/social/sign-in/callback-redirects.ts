/** The error codes of RFC 6749 §4.1.2.1: the only provider `error` values passed on to the app. */
const RFC6749_ERRORS = new Set([
  'invalid_request',
  'unauthorized_client',
  'access_denied',
  'unsupported_response_type',
  'invalid_scope',
  'server_error',
  'temporarily_unavailable',
]);

/** What the app hears of a provider error outside RFC 6749's list (whose text we would otherwise relay). */
export const UNLISTED_PROVIDER_ERROR = 'provider_error';

/**
 * The provider's `error` as the app's error URL receives it: RFC 6749's codes as they are, any other value as
 * `provider_error`. Its `error_description` is never relayed: arbitrary text from a third party would reach the
 * app's page under our name.
 */
export const providerErrorValue = (error: string): string =>
  RFC6749_ERRORS.has(error) ? error : UNLISTED_PROVIDER_ERROR;

/** `url` with `error=<code>` added to its query; a relative URL stays relative, a fragment stays last. */
export const withError = (url: string, code: string): string => {
  const hash = url.indexOf('#');
  const [path, fragment] = hash === -1 ? [url, ''] : [url.slice(0, hash), url.slice(hash)];
  return `${path}${path.includes('?') ? '&' : '?'}error=${encodeURIComponent(code)}${fragment}`;
};

/** The auth API's base (`{BASE_URL}/api/auth`, as the gateway serves it): the callback, the default error page. */
export const authBase = (baseUrl: URL): string => `${baseUrl.origin}/api/auth`;
