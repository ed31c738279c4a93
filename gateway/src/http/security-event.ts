import { AUTH_BASE_PATH } from '../auth/auth-base-path.js';

/**
 * What the security log records of an answer: every authentication attempt and change of credentials, with its
 * outcome, and every refusal by a security control (origin check, rate limit, throttle, validation of a token).
 */
export interface SecurityEvent {
  readonly event: string;
  readonly outcome: 'success' | 'failure';
  readonly status: number;
  readonly code?: string;
  readonly method: string;
  readonly route: string;
}

/** The operations that prove or change who someone is, by route (paths below the auth base path). */
const SECURITY_OPERATIONS: Readonly<Record<string, string>> = {
  'POST /sign-up/email': 'sign-up',
  'POST /sign-in/email': 'sign-in.email',
  'POST /sign-in/username': 'sign-in.username',
  'POST /sign-out': 'sign-out',
  'POST /verify-password': 'verify-password',
  'POST /change-password': 'change-password',
  'POST /request-password-reset': 'request-password-reset',
  'POST /forget-password': 'request-password-reset',
  'POST /reset-password': 'reset-password',
  'POST /change-email': 'change-email',
  'GET /verify-email': 'verify-email',
  'GET /reset-password/:token': 'reset-password-link',
  'POST /sign-in/magic-link': 'magic-link.send',
  'GET /magic-link/verify': 'magic-link.verify',
  'POST /magic-link/verify': 'magic-link.verify',
  'POST /email-otp/send-verification-otp': 'email-otp.send',
  'POST /email-otp/request-password-reset': 'email-otp.send',
  'POST /forget-password/email-otp': 'email-otp.send',
  'POST /sign-in/email-otp': 'sign-in.email-otp',
  'POST /email-otp/check-verification-otp': 'email-otp.check',
  'POST /email-otp/verify-email': 'email-otp.verify-email',
  'POST /email-otp/reset-password': 'email-otp.reset-password',
  'POST /delete-user': 'delete-user',
  'GET /delete-user/callback': 'delete-user',
  'POST /revoke-session': 'revoke-session',
  'POST /revoke-sessions': 'revoke-sessions',
  'POST /revoke-other-sessions': 'revoke-other-sessions',
  // An admin's acts on another account: they end its sessions, lock it out or act as it.
  'POST /admin/revoke-user-session': 'revoke-user-session',
  'POST /admin/revoke-user-sessions': 'revoke-user-sessions',
  'POST /admin/ban-user': 'ban-user',
  'POST /admin/unban-user': 'unban-user',
  'POST /admin/set-user-password': 'set-user-password',
  'POST /admin/impersonate-user': 'impersonate-user',
  'POST /admin/stop-impersonating': 'stop-impersonating',
};

/** The full routes of `SECURITY_OPERATIONS`, for a quick answer on every other route. */
const OPERATION_ROUTES = new Set(
  Object.keys(SECURITY_OPERATIONS).map((operation) => AUTH_BASE_PATH + operation.slice(operation.indexOf(' ') + 1)),
);

/**
 * Whether an answer on `route` (as matched, under the auth base path) with `status` can be a security event: the
 * check every answer gets, get-session's included, before any other work.
 */
export function mayBeSecurityEvent(route: string, status: number): boolean {
  return status >= 400 || OPERATION_ROUTES.has(route);
}

/** Answers that mean a control turned the request away, wherever they come from. */
const REFUSALS = new Set([401, 403, 429, 503]);

/**
 * The security event of an answer, if it is one. `route` is the matched route below the auth base path (or the
 * raw path of an unmatched request); `errorCode` the code of an error body, or of `?error=` on a redirect.
 */
export function securityEventOf(
  method: string,
  route: string,
  status: number,
  errorCode: string | undefined,
): SecurityEvent | undefined {
  const operation = SECURITY_OPERATIONS[`${method} ${route}`];
  const failed = status >= 400 || errorCode !== undefined;
  if (!operation && !REFUSALS.has(status)) return undefined;
  return {
    event: operation ?? 'refused',
    outcome: failed ? 'failure' : 'success',
    status,
    ...(errorCode === undefined ? {} : { code: errorCode }),
    method,
    route,
  };
}

/** The `error` query parameter of a redirect's Location, where redirecting endpoints report their failures. */
export function redirectErrorOf(location: string | undefined): string | undefined {
  if (!location) return undefined;
  const query = location.indexOf('?');
  if (query === -1) return undefined;
  return new URLSearchParams(location.slice(query + 1)).get('error') ?? undefined;
}
