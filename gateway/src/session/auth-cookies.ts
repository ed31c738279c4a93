import { authKeyRing, SECRET_ITSELF, type AuthSecrets, type KeyRing } from '@authsvc/config';
import type { SessionView } from '@authsvc/contracts';
import { parseCookieHeader, serializeCookie } from './cookie-header.js';
import { signCookieValue, unsignCookieValue } from './cookie-signature.js';
import { decodeSessionData, encodeSessionData, type CachedSession, type SessionDataReading } from './session-data.js';

const PREFIX = 'better-auth';
/** How recent a session's start or extension counts as "this request's", for its cookie's Max-Age. */
const JUST_NOW_MS = 60_000;

/**
 * The cookies of the auth API, named and signed as better-auth 1.7 signs them: HMAC-SHA256 keyed by the secret
 * itself, so that an app sharing AUTH_SECRET verifies them with better-auth's own helpers (`getCookieCache` for
 * session_data, better-call's signed cookies for the others). A cookie signed before a rotation stays valid while
 * its secret is among the previous ones, and so does one signed under the purpose keys of earlier versions.
 * Behind an https BASE_URL every name gets the `__Secure-` prefix and the Secure attribute.
 */
export class AuthCookies {
  readonly sessionToken: string;
  readonly sessionData: string;
  readonly dontRemember: string;
  /** Holds the admin's own session while they impersonate a user (admin plugin). */
  readonly adminSession: string;
  /** Binds a social sign-in's state to the browser that started it. */
  readonly state: string;
  /** Binds a passkey ceremony's challenge to the browser that asked for its options (passkey plugin). */
  readonly passkeyChallenge: string;
  /** A sign-in awaiting its second factor (two-factor plugin). */
  readonly twoFactor: string;
  /** A device that need not prove the second factor again for 30 days (two-factor plugin). */
  readonly trustDevice: string;
  private readonly signatureKeys: KeyRing;
  private readonly sessionDataKeys: KeyRing;

  constructor(
    secrets: AuthSecrets,
    private readonly secure: boolean,
  ) {
    this.signatureKeys = authKeyRing(secrets, SECRET_ITSELF, 'cookie-signature');
    this.sessionDataKeys = authKeyRing(secrets, SECRET_ITSELF, 'session-data');
    const prefix = secure ? `__Secure-${PREFIX}` : PREFIX;
    this.sessionToken = `${prefix}.session_token`;
    this.sessionData = `${prefix}.session_data`;
    this.dontRemember = `${prefix}.dont_remember`;
    this.adminSession = `${prefix}.admin_session`;
    this.state = `${prefix}.state`;
    this.passkeyChallenge = `${prefix}.better-auth-passkey`;
    this.twoFactor = `${prefix}.two_factor`;
    this.trustDevice = `${prefix}.trust_device`;
  }

  /** A cookie of ours holding `value` signed like the session cookie, for `maxAge` seconds. */
  issueSigned(name: string, value: string, maxAge: number): string {
    return serializeCookie(name, signCookieValue(value, this.signatureKeys), { maxAge, secure: this.secure });
  }

  /** The value of the request's cookie `name` if its signature holds. */
  readSigned(name: string, cookieHeader: string | undefined): string | undefined {
    const signed = parseCookieHeader(cookieHeader).get(name);
    return signed ? unsignCookieValue(signed, this.signatureKeys) : undefined;
  }

  /** Clearing cookies (Max-Age 0) for these names. */
  clearing(...names: string[]): string[] {
    return this.cleared(names);
  }

  /** The state cookie of a social sign-in, signed, expiring with its flow. */
  issueState(state: string, maxAge: number): string {
    return serializeCookie(this.state, signCookieValue(state, this.signatureKeys), { maxAge, secure: this.secure });
  }

  /** The state the request's state cookie names, if its signature holds. */
  readState(cookieHeader: string | undefined): string | undefined {
    const signed = parseCookieHeader(cookieHeader).get(this.state);
    return signed ? unsignCookieValue(signed, this.signatureKeys) : undefined;
  }

  /** The passkey challenge cookie, signed, expiring with its challenge. */
  issuePasskeyChallenge(challengeId: string, maxAge: number): string {
    const value = signCookieValue(challengeId, this.signatureKeys);
    return serializeCookie(this.passkeyChallenge, value, { maxAge, secure: this.secure });
  }

  /** The challenge id the passkey cookie names, if its signature holds. */
  readPasskeyChallenge(cookieHeader: string | undefined): string | undefined {
    const signed = parseCookieHeader(cookieHeader).get(this.passkeyChallenge);
    return signed ? unsignCookieValue(signed, this.signatureKeys) : undefined;
  }

  clearState(): string {
    return serializeCookie(this.state, '', { maxAge: 0, secure: this.secure });
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

  /**
   * Remembered sessions live as long as the session; the others are browser-session cookies plus a marker.
   * A session started or extended moments ago gets its whole lifetime (604800 s by default), not less the time
   * the answer took, as the reference's cookie carries its full expiresIn.
   */
  issue(session: SessionView, rememberMe: boolean, now: Date): string[] {
    const signedToken = signCookieValue(session.token, this.signatureKeys);
    if (!rememberMe) {
      return [
        serializeCookie(this.sessionToken, signedToken, { secure: this.secure }),
        serializeCookie(this.dontRemember, signCookieValue('true', this.signatureKeys), { secure: this.secure }),
      ];
    }
    const expiresAt = new Date(session.expiresAt).getTime();
    const lifetime = expiresAt - new Date(session.updatedAt).getTime();
    const left = expiresAt - now.getTime();
    const maxAge = Math.round((lifetime - left < JUST_NOW_MS ? lifetime : left) / 1000);
    return [serializeCookie(this.sessionToken, signedToken, { maxAge, secure: this.secure })];
  }

  /** The admin_session cookie's value if its signature holds. */
  readAdminSession(cookieHeader: string | undefined): string | undefined {
    const signed = parseCookieHeader(cookieHeader).get(this.adminSession);
    return signed ? unsignCookieValue(signed, this.signatureKeys) : undefined;
  }

  /** The admin_session cookie, signed like the session cookie, for `maxAge` seconds. */
  issueAdminSession(value: string, maxAge: number): string {
    return serializeCookie(this.adminSession, signCookieValue(value, this.signatureKeys), {
      maxAge,
      secure: this.secure,
    });
  }

  /** An impersonation ended: the admin_session cookie goes, and the marker of the session it was. */
  clearImpersonation(): string[] {
    return this.cleared([this.adminSession, this.dontRemember]);
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
    return this.cleared([this.sessionToken, this.sessionData, this.dontRemember]);
  }

  private cleared(names: readonly string[]): string[] {
    return names.map((name) => serializeCookie(name, '', { maxAge: 0, secure: this.secure }));
  }
}
