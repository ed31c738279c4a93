import {
  SessionRpc,
  type SessionClientRequest,
  type StartedSession,
  type TwoFactorChallenge,
} from '@authsvc/contracts';
import { Inject, Injectable } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { sessionClientOf, type Caller, type SignedInCaller } from '../http/caller.js';
import { ServiceClient } from '../rpc/service-client.js';
import { AuthCookies } from '../session/auth-cookies.js';
import { SessionIssuer } from '../session/session-issuer.js';

/** The challenge cookie lives as long as the challenge (600 s), the trust cookie as long as the trust (30 days). */
const CHALLENGE_MAX_AGE = 600;
const TRUST_MAX_AGE = 30 * 24 * 60 * 60;

/** What a sign-in meeting the second factor answers, as 1.7's clients expect it. */
export interface TwoFactorRedirect {
  readonly twoFactorRedirect: true;
  readonly twoFactorMethods: TwoFactorChallenge['twoFactorMethods'];
}

/**
 * The two-factor plugin's cookies and the answers that write them: the one place a first-factor endpoint turns
 * identity's answer into the wire answer (`answerSignIn`), and where the second step reads the challenge and the
 * trusted device back.
 */
@Injectable()
export class TwoFactorCookies {
  constructor(
    private readonly cookies: AuthCookies,
    private readonly services: ServiceClient,
    private readonly sessions: SessionIssuer,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /**
   * Identity's answer to a first factor proven by a request: a second factor still due is answered here, a
   * complete sign-in gets its session cookies and the endpoint's own answer (`complete`).
   */
  answerSignIn<Answer>(
    started: StartedSession | TwoFactorChallenge,
    rememberMe: boolean,
    response: FastifyReply,
    complete: (started: StartedSession) => Answer,
  ): Answer | TwoFactorRedirect {
    if ('twoFactorRedirect' in started) return this.answerChallenge(started, response);
    this.sessions.setCookies(started, rememberMe, response);
    return complete(started);
  }

  /**
   * `{twoFactorRedirect: true, twoFactorMethods}` with the signed two_factor cookie; the session cookies are
   * cleared (dont_remember stays, for the session the second step starts), and a trust cookie that proved nothing.
   */
  private answerChallenge(challenge: TwoFactorChallenge, response: FastifyReply): TwoFactorRedirect {
    const { sessionToken, sessionData, trustDevice } = this.cookies;
    response.header('Set-Cookie', this.cookies.clearing(sessionToken, sessionData));
    response.header('Set-Cookie', this.challengeCookie(challenge));
    if (challenge.untrustDevice) response.header('Set-Cookie', this.cookies.clearing(trustDevice));
    return { twoFactorRedirect: true, twoFactorMethods: challenge.twoFactorMethods };
  }

  /**
   * For a first factor proven by a browser navigation (a social callback): the challenge cookie, and the URL of the
   * page where the second factor is entered (TWO_FACTOR_PAGE), which sends the browser on to `callbackURL` after.
   */
  redirectToSecondStep(challenge: TwoFactorChallenge, callbackURL: string, response: FastifyReply): string {
    response.header('Set-Cookie', this.challengeCookie(challenge));
    if (challenge.untrustDevice) this.clearTrustedDevice(response);
    const page = new URL(this.config.TWO_FACTOR_PAGE, this.config.BASE_URL);
    page.searchParams.set('callbackURL', callbackURL);
    return page.toString();
  }

  private challengeCookie(challenge: TwoFactorChallenge): string {
    return this.cookies.issueSigned(this.cookies.twoFactor, challenge.challengeId, CHALLENGE_MAX_AGE);
  }

  challengeOf(request: FastifyRequest): string | undefined {
    return this.cookies.readSigned(this.cookies.twoFactor, request.headers.cookie);
  }

  trustedDeviceOf(request: FastifyRequest): string | undefined {
    return this.cookies.readSigned(this.cookies.trustDevice, request.headers.cookie);
  }

  /** What identity takes of a first-factor request: the session's client, and the device the browser says it trusts. */
  firstFactorClientOf(
    caller: Caller,
    request: FastifyRequest,
    rememberMe: boolean,
  ): SessionClientRequest & { trustedDevice?: string } {
    return { ...sessionClientOf(caller, rememberMe), trustedDevice: this.trustedDeviceOf(request) };
  }

  /**
   * The challenge is over: its cookie goes; a new trusted device gets its cookie, and (as 1.7) loses the
   * dont_remember marker of a remembered session.
   */
  challengeCompleted(trustedDevice: string | null, rememberMe: boolean, response: FastifyReply): void {
    response.header('Set-Cookie', this.cookies.clearing(this.cookies.twoFactor));
    if (trustedDevice === null) return;
    response.header('Set-Cookie', this.cookies.issueSigned(this.cookies.trustDevice, trustedDevice, TRUST_MAX_AGE));
    if (rememberMe) response.header('Set-Cookie', this.cookies.clearing(this.cookies.dontRemember));
  }

  clearTrustedDevice(response: FastifyReply): void {
    response.header('Set-Cookie', this.cookies.clearing(this.cookies.trustDevice));
  }

  /** Whether the request's session is remembered (no dont_remember marker). */
  remembered(request: FastifyRequest): boolean {
    return !this.cookies.read(request.headers.cookie).dontRemember;
  }

  /** A session started by identity replaces the caller's (two-factor turned on or off): the old one ends. */
  async replaceSession(
    started: StartedSession,
    caller: SignedInCaller,
    rememberMe: boolean,
    response: FastifyReply,
  ): Promise<void> {
    const { correlationId, session } = caller;
    await this.services.call(SessionRpc.revoke, { token: session.token, userId: caller.user.id, correlationId });
    this.sessions.setCookies(started, rememberMe, response);
  }
}
