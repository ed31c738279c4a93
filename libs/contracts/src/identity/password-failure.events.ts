import { defineEvent } from '../messaging/event-definition.js';

// WARNING: persisted names (event types and subjects), do not rename.
/**
 * A wrong password for the user's account (at a sign-in, or a signed-in user's re-authentication). Recorded for
 * the first failure of the account in each audit window only, so that a password guesser cannot grow the store
 * with every attempt: `unrecordedFailures` counts the failures since the previous recorded one that were left out.
 * The actor is the signed-in user re-authenticating, else nobody (whoever tried is unknown). Never the password,
 * the client's address or its user agent. Under `identity.events.security.*`, which no service consumes.
 */
export const SignInFailed = defineEvent<
  'SignInFailed',
  { userId: string; reason: 'invalid_password'; unrecordedFailures: number; failedAt: string }
>('SignInFailed', 'identity.events.security.sign-in-failed');

/**
 * Failed passwords from all clients together locked the account until `lockedUntil` for every client without a
 * right password lately (the throttle's account-wide lock), `failures` being the account's count that set it.
 * Recorded at every such lock: while locked, no new client is even checked, so locks come no faster than they end.
 */
export const AccountLocked = defineEvent<
  'AccountLocked',
  { userId: string; failures: number; lockedUntil: string; lockedAt: string }
>('AccountLocked', 'identity.events.security.account-locked');
