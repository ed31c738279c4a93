import { Inject, Injectable } from '@nestjs/common';
import { parseCookieHeader, serializeCookie } from '../cookies/cookie-header.js';
import { AuthCookies } from '../cookies/auth-cookies.js';
import {
  decodeSessionData,
  encodeSessionData,
  type CachedSession,
  type SessionDataReading,
} from '../cookies/session-data.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';

/**
 * The optional cookie cache (COOKIE_CACHE_ENABLED): get-session answers from the signed session_data cookie
 * until it expires (COOKIE_CACHE_MAX_AGE). The price, documented for operators: a revoked session can be
 * shown by get-session for at most that long; every other endpoint asks the session service.
 */
@Injectable()
export class SessionCookieCache {
  constructor(
    private readonly cookies: AuthCookies,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  get enabled(): boolean {
    return this.config.COOKIE_CACHE_ENABLED;
  }

  /** Null when the request carries no session_data cookie. */
  read(cookieHeader: string | undefined, now: Date): SessionDataReading | null {
    const raw = parseCookieHeader(cookieHeader).get(this.cookies.sessionData);
    return raw === undefined ? null : decodeSessionData(raw, this.config.AUTH_SECRET, now);
  }

  cookieFor(value: CachedSession, now: Date): string {
    const maxAge = this.config.COOKIE_CACHE_MAX_AGE;
    const encoded = encodeSessionData(value, this.config.AUTH_SECRET, now, maxAge);
    return serializeCookie(this.cookies.sessionData, encoded, {
      maxAge,
      secure: this.config.BASE_URL.protocol === 'https:',
    });
  }

  /** A bare clearing cookie, as the reference sends for a session_data cookie it does not trust. */
  clearCookie(): string {
    return `${this.cookies.sessionData}=; Max-Age=0`;
  }
}
