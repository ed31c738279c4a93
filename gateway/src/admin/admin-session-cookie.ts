import { sessionUse, type SessionReadModel, type SessionView } from '@authsvc/contracts';
import { MAX_COOKIE_AGE_SECONDS } from '../session/cookie-header.js';

/** What the admin_session cookie keeps while its admin impersonates someone: their session and its remember-me. */
export interface AdminSessionCookie {
  readonly token: string;
  readonly dontRemember: boolean;
}

/** `<admin session token>:<'true' when remember-me was off, else empty>`, as the reference lays it out. */
export function adminSessionValue({ token, dontRemember }: AdminSessionCookie): string {
  return `${token}:${dontRemember ? 'true' : ''}`;
}

/** The cookie's (signature-checked) value read back; undefined for anything else. */
export function parseAdminSessionValue(value: string | undefined): AdminSessionCookie | undefined {
  const separator = value?.lastIndexOf(':') ?? -1;
  if (value === undefined || separator < 1) return undefined;
  const flag = value.slice(separator + 1);
  if (flag !== '' && flag !== 'true') return undefined;
  return { token: value.slice(0, separator), dontRemember: flag === 'true' };
}

/** The cookie lives as long as the admin's session has left: it is worth nothing after. */
export function adminSessionMaxAge(adminSession: SessionView, now: Date): number {
  const left = Math.floor((Date.parse(adminSession.expiresAt) - now.getTime()) / 1000);
  return Math.min(Math.max(left, 0), MAX_COOKIE_AGE_SECONDS);
}

/**
 * Whether the session the cookie names may be given back when the impersonation by `adminId` stops: it is still
 * live and it is that admin's. Another user's session, even a live one, never is (a planted cookie must not
 * switch the browser into it).
 */
export function restorableAdminSession(
  entry: SessionReadModel | null,
  adminId: string,
  now: Date,
): entry is SessionReadModel {
  return entry !== null && entry.session.userId === adminId && sessionUse(entry, now, false) !== 'expire';
}
