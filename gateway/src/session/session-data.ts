import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SessionView, UserView } from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';

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

function signatureOf(value: CachedSession, expiresAt: number, secret: string): string {
  const signed = JSON.stringify({ session: value.session, user: value.user, expiresAt });
  return createHmac('sha256', secret).update(signed).digest('base64url');
}

/**
 * The session_data cookie value, in the reference client's format: base64url (no padding) of
 * `{"session":{session,user},"expiresAt":<ms>,"signature":<HMAC-SHA256 of {session,user,expiresAt}>}`.
 */
export function encodeSessionData(value: CachedSession, secret: string, now: Date, maxAgeSeconds: number): string {
  const expiresAt = now.getTime() + maxAgeSeconds * 1000;
  const envelope = { session: value, expiresAt, signature: signatureOf(value, expiresAt, secret) };
  const encoded = Buffer.from(JSON.stringify(envelope)).toString('base64url');
  if (encoded.length > SESSION_DATA_MAX_LENGTH) throw new DomainError(AuthErrors.SESSION_DATA_TOO_LARGE);
  return encoded;
}

/** Whether a session_data cookie is ours and still current (the signature is compared in constant time). */
export function decodeSessionData(raw: string, secret: string, now: Date): SessionDataReading {
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
  const expected = Buffer.from(signatureOf(value, expiresAt, secret));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { status: 'invalid' };
  const sessionEnded = new Date(value.session.expiresAt).getTime() <= now.getTime();
  return expiresAt <= now.getTime() || sessionEnded ? { status: 'expired' } : { status: 'valid', value };
}
