import { authKeyRing, type AuthSecrets, type KeyRing } from '@authsvc/config';
import type { SessionView } from '@authsvc/contracts';
import { parseCookieHeader, serializeCookie } from './cookie-header.js';
import { signCookieValue, unsignCookieValue } from './cookie-signature.js';
import { decodeSessionData, encodeSessionData, type CachedSession, type SessionDataReading } from './session-data.js';

const PREFIX = 'better-auth';

/**
 * The cookies of the auth API, named and signed as the reference client expects (the client never checks a
 * signature, so the keys are ours to choose: one derived from the secrets for signed values, another for the
 * session_data cache; a cookie signed before a rotation stays valid while its secret is among the previous ones).
 * Behind an https BASE_URL every name gets the `__Secure-` prefix and the Secure attribute.
 */
export class AuthCookies {
  readonly sessionToken: string;
  readonly sessionData: string;
  readonly dontRemember: string;
  private readonly signatureKeys: KeyRing;
  private readonly sessionDataKeys: KeyRing;

  constructor(
    secrets: AuthSecrets,
    private readonly secure: boolean,
  ) {
    this.signatureKeys = authKeyRing(secrets, 'cookie-signature');
    this.sessionDataKeys = authKeyRing(secrets, 'session-data');
    const prefix = secure ? `__Secure-${PREFIX}` : PREFIX;
    this.sessionToken = `${prefix}.session_token`;
    this.sessionData = `${prefix}.session_data`;
    this.dontRemember = `${prefix}.dont_remember`;
  }

  /** What the request's cookies say: the session token if its signature holds, and whether any cookie was sent. */
  read(cookieHeader: string | undefined): { token?: string; present: boolean; dontRemember: boolean } {
    const cookies = parseCookieHeader(cookieHeader);
    const signed = cookies.get(this.sessionToken);
    const dontRemember = cookies.get(this.dontRemember);
    return {
      token: signed ? unsignCookieValue(signed, this.signatureKeys) : undefined,
      present: signed !== undefined,
      dontRemember: dontRemember !== undefined && unsignCookieValue(dontRemember, this.signatureKeys) === 'true',
    };
  }

  /** Remembered sessions live as long as the session; the others are browser-session cookies plus a marker. */
  issue(session: SessionView, rememberMe: boolean, now: Date): string[] {
    const signedToken = signCookieValue(session.token, this.signatureKeys);
    if (!rememberMe) {
      return [
        serializeCookie(this.sessionToken, signedToken, { secure: this.secure }),
        serializeCookie(this.dontRemember, signCookieValue('true', this.signatureKeys), { secure: this.secure }),
      ];
    }
    const maxAge = (new Date(session.expiresAt).getTime() - now.getTime()) / 1000;
    return [serializeCookie(this.sessionToken, signedToken, { maxAge, secure: this.secure })];
  }

  /** The request's session_data cookie (cookie cache), or null when it carries none. */
  readSessionData(cookieHeader: string | undefined, now: Date): SessionDataReading | null {
    const raw = parseCookieHeader(cookieHeader).get(this.sessionData);
    return raw === undefined ? null : decodeSessionData(raw, this.sessionDataKeys, now);
  }

  issueSessionData(value: CachedSession, now: Date, maxAge: number): string {
    return serializeCookie(this.sessionData, encodeSessionData(value, this.sessionDataKeys, now, maxAge), {
      maxAge,
      secure: this.secure,
    });
  }

  /** A bare clearing cookie, as the reference sends for a session_data cookie it does not trust. */
  clearSessionData(): string {
    return `${this.sessionData}=; Max-Age=0`;
  }

  clear(): string[] {
    return [this.sessionToken, this.sessionData, this.dontRemember].map((name) =>
      serializeCookie(name, '', { maxAge: 0, secure: this.secure }),
    );
  }
}
