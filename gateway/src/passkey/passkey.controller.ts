import {
  DeletePasskeyBody,
  PasskeyRegistrationQuery,
  PasskeyRpc,
  UpdatePasskeyBody,
  VerifyPasskeyAuthenticationBody,
  VerifyPasskeyRegistrationBody,
  type PasskeyCeremony,
  type PasskeyView,
  type SessionView,
  type UserView,
} from '@authsvc/contracts';
import { AuthErrors, DomainError, PasskeyErrors } from '@authsvc/errors';
import { Body, Get, Headers, HttpCode, Inject, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { GATEWAY_CONFIG, type GatewayConfig } from '../gateway.config.js';
import { asUser, Caller, sessionClientOf, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { CREDENTIAL_RULE, RateLimit } from '../rate-limit/rate-limit-rules.js';
import { ServiceClient } from '../rpc/service-client.js';
import { TrustedOrigins } from '../security/trusted-origins.js';
import { AuthCookies } from '../session/auth-cookies.js';
import { isSessionFresh } from '../session/session-freshness.js';
import { SessionIssuer } from '../session/session-issuer.js';
import { ceremonyOrigin } from './passkey-origin.js';

/**
 * The passkey plugin's endpoints (`/passkey/*`). Each ceremony's challenge is kept by identity and bound to the
 * browser by the signed challenge cookie, which the options set and the verification reads.
 */
@AuthController()
export class PasskeyController {
  constructor(
    private readonly services: ServiceClient,
    private readonly cookies: AuthCookies,
    private readonly sessions: SessionIssuer,
    @Inject(TrustedOrigins) private readonly trusted: TrustedOrigins,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Registration needs a fresh session, as the reference's (403 SESSION_NOT_FRESH). */
  @Get('passkey/generate-register-options')
  @WithSession()
  async registerOptions(
    @Query() query: PasskeyRegistrationQuery,
    @Caller() caller: SignedInCaller,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<Record<string, unknown>> {
    this.requireFresh(caller);
    const ceremony = await this.services.call(PasskeyRpc.registrationOptions, {
      ...query,
      ...asUser(caller),
      userName: caller.user.email || caller.user.id,
    });
    return this.started(ceremony, response);
  }

  /** The new passkey, as list-user-passkeys shows it. */
  @Post('passkey/verify-registration')
  @HttpCode(200)
  @WithSession()
  verifyRegistration(
    @Body() body: VerifyPasskeyRegistrationBody,
    @Caller() caller: SignedInCaller,
    @Headers('origin') origin: string | undefined,
    @Req() request: FastifyRequest,
  ): Promise<PasskeyView> {
    this.requireFresh(caller);
    return this.services.call(PasskeyRpc.verifyRegistration, {
      ...body,
      ...asUser(caller),
      origin: ceremonyOrigin(origin, this.trusted, PasskeyErrors.FAILED_TO_VERIFY_REGISTRATION),
      challengeId: this.challengeOf(request),
    });
  }

  /** No session needed (discoverable credentials); with one, its passkeys are the allowed credentials. */
  @Get('passkey/generate-authenticate-options')
  @WithSession({ optional: true })
  async authenticateOptions(
    @Caller() caller: Caller,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<Record<string, unknown>> {
    const ceremony = await this.services.call(PasskeyRpc.authenticationOptions, {
      correlationId: caller.correlationId,
      userId: caller.user?.id,
    });
    return this.started(ceremony, response);
  }

  /** `{session, user}` and the session cookie, as any sign-in; a passkey is never sent to a second factor. */
  @Post('passkey/verify-authentication')
  @RateLimit(CREDENTIAL_RULE)
  @HttpCode(200)
  async verifyAuthentication(
    @Body() body: VerifyPasskeyAuthenticationBody,
    @Caller() caller: Caller,
    @Headers('origin') origin: string | undefined,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<{ session: SessionView; user: UserView }> {
    const started = await this.services.call(PasskeyRpc.verifyAuthentication, {
      ...body,
      ...sessionClientOf(caller, true),
      origin: ceremonyOrigin(origin, this.trusted, PasskeyErrors.AUTHENTICATION_FAILED),
      challengeId: this.challengeOf(request),
    });
    this.sessions.setCookies(started, true, response);
    return { session: started.session, user: started.user };
  }

  @Get('passkey/list-user-passkeys')
  @WithSession()
  list(@Caller() caller: SignedInCaller): Promise<PasskeyView[]> {
    return this.services.call(PasskeyRpc.list, asUser(caller));
  }

  /** `{passkey}`; another user's passkey is not found (404), like an unknown one. */
  @Post('passkey/update-passkey')
  @HttpCode(200)
  @WithSession()
  update(@Body() body: UpdatePasskeyBody, @Caller() caller: SignedInCaller): Promise<{ passkey: PasskeyView }> {
    return this.services.call(PasskeyRpc.update, { ...body, ...asUser(caller) });
  }

  /** `{status: true}`; another user's passkey is not found (404), like an unknown one. */
  @Post('passkey/delete-passkey')
  @HttpCode(200)
  @WithSession()
  delete(@Body() body: DeletePasskeyBody, @Caller() caller: SignedInCaller): Promise<{ status: true }> {
    return this.services.call(PasskeyRpc.delete, { ...body, ...asUser(caller) });
  }

  private started(ceremony: PasskeyCeremony, response: FastifyReply): Record<string, unknown> {
    response.header('Set-Cookie', this.cookies.issuePasskeyChallenge(ceremony.challengeId, ceremony.maxAge));
    return ceremony.options;
  }

  private challengeOf(request: FastifyRequest): string {
    const challengeId = this.cookies.readPasskeyChallenge(request.headers.cookie);
    if (challengeId === undefined) throw new DomainError(PasskeyErrors.CHALLENGE_NOT_FOUND);
    return challengeId;
  }

  private requireFresh(caller: SignedInCaller): void {
    if (!isSessionFresh(caller.session.createdAt, new Date(), this.config.SESSION_FRESH_AGE)) {
      throw new DomainError(AuthErrors.SESSION_NOT_FRESH);
    }
  }
}
