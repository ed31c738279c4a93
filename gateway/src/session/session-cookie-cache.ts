import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthCookies } from './auth-cookies.js';
import type { CachedSession } from './session-data.js';
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

  /**
   * get-session's answer from the cookie: the cached session, `null` for a session_data cookie that is not
   * ours (it signs nobody in, whatever the session cookie says), or undefined when the services must be
   * asked (cache off or bypassed, no cookie, or an expired one, which is cleared).
   */
  answer(
    request: FastifyRequest,
    response: FastifyReply,
    now: Date,
    bypass: boolean,
  ): CachedSession | null | undefined {
    if (!this.config.COOKIE_CACHE_ENABLED || bypass) return undefined;
    const cached = this.cookies.readSessionData(request.headers.cookie, now);
    if (cached?.status === 'valid') return cached.value;
    if (cached) response.header('Set-Cookie', this.cookies.clearSessionData());
    return cached?.status === 'invalid' ? null : undefined;
  }

  /** Sets the session_data cookie next to the session cookie, when the cache is on. */
  store(response: FastifyReply, value: CachedSession, now: Date): void {
    if (!this.config.COOKIE_CACHE_ENABLED) return;
    response.header('Set-Cookie', this.cookies.issueSessionData(value, now, this.config.COOKIE_CACHE_MAX_AGE));
  }
}
