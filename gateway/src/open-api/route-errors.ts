import { contractJsonSchema } from '@authsvc/contracts';
import { RequestErrors, type ErrorDefinition } from '@authsvc/errors';
import { AUTH_BASE_PATH } from '../auth/auth-base-path.js';
import { SIGN_IN_ROUTES, URL_FIELDS } from '../security/origin-policy.js';
import type { ContractClass, GatewayRoute } from './gateway-route.js';

/**
 * The catalogue errors a route can answer by what its metadata says it takes and needs: its body and query (the
 * body parser, the validation pipe), the origin policy and rate limit of the auth API, its session, and the
 * services it asks. Errors decided by the domain (a wrong password, a missing member) are not in any metadata:
 * the document describes them as the route's other answers, with the same `{message, code}` shape.
 */
export function routeErrors(route: GatewayRoute): ErrorDefinition[] {
  const auth = route.path.startsWith(`${AUTH_BASE_PATH}/`);
  const takesBody = route.method === 'POST';
  const fields = new Set([...fieldsOf(route.body), ...fieldsOf(route.query)]);
  const errors: (ErrorDefinition | false | undefined)[] = [
    takesBody && RequestErrors.INVALID_JSON,
    takesBody && RequestErrors.PAYLOAD_TOO_LARGE,
    takesBody && RequestErrors.UNSUPPORTED_MEDIA_TYPE,
    route.body && RequestErrors.INVALID_BODY,
    route.query && RequestErrors.INVALID_QUERY,
    ...(auth ? originErrors(route, fields) : []),
    route.session && !route.session.optional && route.session.withoutSession,
    auth && RequestErrors.TOO_MANY_REQUESTS,
    ((auth && route.rateLimit.failClosed) || route.callsServices || route.session) && RequestErrors.SERVICE_UNAVAILABLE,
    RequestErrors.INTERNAL_SERVER_ERROR,
  ];
  return [...new Set(errors.filter((error): error is ErrorDefinition => Boolean(error)))];
}

/** What `checkOrigin` can refuse on this route: a POST's origin, and each redirect URL field it takes. */
function originErrors(route: GatewayRoute, fields: ReadonlySet<string>): ErrorDefinition[] {
  const below = route.path.slice(AUTH_BASE_PATH.length);
  const signIn = SIGN_IN_ROUTES.some((prefix) => below.startsWith(prefix));
  return [
    ...(route.method === 'POST' ? [RequestErrors.MISSING_OR_NULL_ORIGIN, RequestErrors.INVALID_ORIGIN] : []),
    ...(route.method === 'POST' && signIn ? [RequestErrors.CROSS_SITE_NAVIGATION_LOGIN_BLOCKED] : []),
    ...URL_FIELDS.filter(([field]) => fields.has(field)).flatMap(([, notAString, untrusted]) => [
      notAString,
      untrusted,
    ]),
  ];
}

function fieldsOf(contract: ContractClass | undefined): string[] {
  if (!contract) return [];
  return Object.keys(contractJsonSchema(contract).properties as object);
}
