import { Inject, Injectable } from '@nestjs/common';
import { AuthCookies } from '../cookies/auth-cookies.js';
import type { CachedSession, SessionDataReading } from '../cookies/session-data.js';
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
    return this.cookies.readSessionData(cookieHeader, now);
  }

  cookieFor(value: CachedSession, now: Date): string {
    return this.cookies.issueSessionData(value, now, this.config.COOKIE_CACHE_MAX_AGE);
  }

  clearCookie(): string {
    return this.cookies.clearSessionData();
  }
}
