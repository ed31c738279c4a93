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

function signatureOf(value: CachedSession, expiresAt: number, key: Buffer): string {
  const signed = JSON.stringify({ session: value.session, user: value.user, expiresAt });
  return createHmac('sha256', key).update(signed).digest('base64url');
}

/**
 * The session_data cookie value, in the reference client's format: base64url (no padding) of
 * `{"session":{session,user},"expiresAt":<ms>,"signature":<HMAC-SHA256 of {session,user,expiresAt}>}`, signed
 * under the ring's current key.
 */
export function encodeSessionData(value: CachedSession, keys: KeyRing, now: Date, maxAgeSeconds: number): string {
  const expiresAt = now.getTime() + maxAgeSeconds * 1000;
  const envelope = { session: value, expiresAt, signature: signatureOf(value, expiresAt, keys.current.key) };
  const encoded = Buffer.from(JSON.stringify(envelope)).toString('base64url');
  if (encoded.length > SESSION_DATA_MAX_LENGTH) throw new DomainError(AuthErrors.SESSION_DATA_TOO_LARGE);
  return encoded;
}

/** Whether a session_data cookie is ours (signed under one of the ring's keys) and still current. */
export function decodeSessionData(raw: string, keys: KeyRing, now: Date): SessionDataReading {
  let envelope: { session?: CachedSession; expiresAt?: unknown; signature?: unknown };
  try {
    envelope = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    return { status: 'invalid' };
  }
  const { session: value, expiresAt, signature } = envelope;
  if (!value?.session || !value.user || typeof expiresAt !== 'number' || typeof signature !== 'string') {
    return { status: 'invalid' };
  }
  if (!isSignedByRing(signature, keys, (key) => signatureOf(value, expiresAt, key))) return { status: 'invalid' };
  const sessionEnded = new Date(value.session.expiresAt).getTime() <= now.getTime();
  // Written by a version before sessions had an active team: answered afresh (and issued again) instead.
  const olderShape = value.session.activeTeamId === undefined;
  return expiresAt <= now.getTime() || sessionEnded || olderShape ? { status: 'expired' } : { status: 'valid', value };
}
