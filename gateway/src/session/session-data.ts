import { createHmac } from 'node:crypto';
import type { KeyRing } from '@authsvc/config';
import type { SessionView, UserView } from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { isSignedByRing } from './signature-check.js';

/** What the cookie cache holds: the answer of get-session. */
export interface CachedSession {
  readonly session: SessionView;
  readonly user: UserView;
}

/** Browsers keep cookies up to 4096 bytes, name and attributes included. */
export const SESSION_DATA_MAX_LENGTH = 4093;

export type SessionDataReading =
  | { readonly status: 'valid'; readonly value: CachedSession }
  | { readonly status: 'expired' }
  | { readonly status: 'invalid' };

/** What the cookie carries, as 1.7 writes it: the cached answer and when it was written (ms). */
interface Payload extends CachedSession {
  readonly updatedAt: number;
}

/** The HMAC of the payload as the cookie carries it, with its expiry: what 1.7's getCookieCache checks. */
function signatureOf(payload: object, expiresAt: number, key: Buffer): string {
  return createHmac('sha256', key)
    .update(JSON.stringify({ ...payload, expiresAt }))
    .digest('base64url');
}

/**
 * The session_data cookie value, in better-auth 1.7's compact format: base64url (no padding) of
 * `{"session":{session,user,updatedAt},"expiresAt":<ms>,"signature":<HMAC-SHA256 of {session,user,updatedAt,
 * expiresAt}>}`, signed under the ring's current key.
 */
export function encodeSessionData(value: CachedSession, keys: KeyRing, now: Date, maxAgeSeconds: number): string {
  const expiresAt = now.getTime() + maxAgeSeconds * 1000;
  const payload: Payload = { session: value.session, user: value.user, updatedAt: now.getTime() };
  const envelope = { session: payload, expiresAt, signature: signatureOf(payload, expiresAt, keys.current.key) };
  const encoded = Buffer.from(JSON.stringify(envelope)).toString('base64url');
  if (encoded.length > SESSION_DATA_MAX_LENGTH) throw new DomainError(AuthErrors.SESSION_DATA_TOO_LARGE);
  return encoded;
}

/** Whether a session_data cookie is ours (signed under one of the ring's keys) and still current. */
export function decodeSessionData(raw: string, keys: KeyRing, now: Date): SessionDataReading {
  let envelope: { session?: Partial<Payload>; expiresAt?: unknown; signature?: unknown };
  try {
    envelope = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return { status: 'invalid' };
  }
  const { session: payload, expiresAt, signature } = envelope;
  if (!payload?.session || !payload.user || typeof expiresAt !== 'number' || typeof signature !== 'string') {
    return { status: 'invalid' };
  }
  // Signed as the cookie carries it (earlier versions wrote no updatedAt).
  if (!isSignedByRing(signature, keys, (key) => signatureOf(payload, expiresAt, key))) return { status: 'invalid' };
  const value: CachedSession = { session: payload.session, user: payload.user };
  const sessionEnded = new Date(value.session.expiresAt).getTime() <= now.getTime();
  // Written by a version before sessions had an active team: answered afresh (and issued again) instead.
  const olderShape = value.session.activeTeamId === undefined;
  return expiresAt <= now.getTime() || sessionEnded || olderShape ? { status: 'expired' } : { status: 'valid', value };
}
