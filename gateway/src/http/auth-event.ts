import type { SecurityEvent } from './security-event.js';

/** An authentication event as `auth_events_total` counts it. */
export interface AuthEvent {
  readonly event: string;
  readonly provider: string;
  readonly outcome: 'success' | 'failure' | 'locked';
}

/** Sign-in and sign-up routes name their provider last: `/sign-in/email`, `/sign-up/email`, `/sign-in/username`. */
const PROVIDER_ROUTE = /^\/sign-(?:in|up)\/([a-z-]+)$/;

/**
 * The metric of a security event: its operation (sign-in, sign-up, sign-out, revoke-session, …) without the
 * provider the security log appends to sign-ins, the provider (`none` where none applies), and its outcome, a
 * 429 being a lockout (the account throttle, or the rate limit of a route that checks a password). Refusals
 * outside these operations (origin check, rate limit elsewhere) are no authentication event.
 */
export function authEventOf(event: SecurityEvent): AuthEvent | undefined {
  if (event.event === 'refused') return undefined;
  return {
    event: event.event.split('.')[0],
    provider: PROVIDER_ROUTE.exec(event.route)?.[1] ?? 'none',
    outcome: event.status === 429 ? 'locked' : event.outcome,
  };
}
