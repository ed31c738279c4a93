import {
  DisableTwoFactorBody,
  EnableTwoFactorBody,
  SendTwoFactorCodeBody,
  TwoFactorPasswordBody,
  TwoFactorRpc,
  VerifyBackupCodeBody,
  VerifyTwoFactorCodeBody,
  type SecondFactorHolder,
  type UserView,
  type VerifySecondFactorRequest,
} from '@authsvc/contracts';
import { Body, HttpCode, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { Caller, sessionClientOf, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { RateLimit, TWO_FACTOR_RULE } from '../rate-limit/rate-limit-rules.js';
import { ServiceClient } from '../rpc/service-client.js';
import { SessionIssuer } from '../session/session-issuer.js';
import { TwoFactorCookies } from './two-factor-cookies.js';

type Verified = { token: string; user: UserView } | { user: UserView };

/** The two-factor plugin's endpoints: a signed-in user's settings, and the second step of a sign-in. */
@AuthController()
export class TwoFactorController {
  constructor(
    private readonly services: ServiceClient,
    private readonly cookies: TwoFactorCookies,
    private readonly sessions: SessionIssuer,
  ) {}

  /** totp: `{method, totpURI, backupCodes}` (on once a code is verified); otp: `{method: "otp"}`, on at once. */
  @Post('two-factor/enable')
  @RateLimit(TWO_FACTOR_RULE)
  @HttpCode(200)
  @WithSession({ changesUser: true })
  async enable(
    @Body() body: EnableTwoFactorBody,
    @Caller() caller: SignedInCaller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<{ method: 'totp'; totpURI: string; backupCodes: string[] } | { method: 'otp' }> {
    const rememberMe = this.cookies.remembered(request);
    const reply = await this.services.call(TwoFactorRpc.enable, { ...body, ...this.setup(caller, rememberMe) });
    if (!('session' in reply)) return reply;
    await this.cookies.replaceSession(reply, caller, rememberMe, response);
    return { method: 'otp' };
  }

  /** Off, with every trusted device (this one's cookie cleared); a new session replaces the caller's. */
  @Post('two-factor/disable')
  @RateLimit(TWO_FACTOR_RULE)
  @HttpCode(200)
  @WithSession({ changesUser: true })
  async disable(
    @Body() body: DisableTwoFactorBody,
    @Caller() caller: SignedInCaller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<{ status: true }> {
    const rememberMe = this.cookies.remembered(request);
    const started = await this.services.call(TwoFactorRpc.disable, { ...body, ...this.setup(caller, rememberMe) });
    await this.cookies.replaceSession(started, caller, rememberMe, response);
    this.cookies.clearTrustedDevice(response);
    return { status: true };
  }

  @Post('two-factor/get-totp-uri')
  @RateLimit(TWO_FACTOR_RULE)
  @HttpCode(200)
  @WithSession()
  getTotpUri(@Body() body: TwoFactorPasswordBody, @Caller() caller: SignedInCaller): Promise<{ totpURI: string }> {
    return this.services.call(TwoFactorRpc.getTotpUri, { ...body, ...this.setup(caller, true) });
  }

  @Post('two-factor/generate-backup-codes')
  @RateLimit(TWO_FACTOR_RULE)
  @HttpCode(200)
  @WithSession()
  generateBackupCodes(
    @Body() body: TwoFactorPasswordBody,
    @Caller() caller: SignedInCaller,
  ): Promise<{ status: true; backupCodes: string[] }> {
    return this.services.call(TwoFactorRpc.generateBackupCodes, { ...body, ...this.setup(caller, true) });
  }

  @Post('two-factor/send-otp')
  @RateLimit(TWO_FACTOR_RULE)
  @HttpCode(200)
  @WithSession({ optional: true })
  sendOtp(
    @Body() _body: SendTwoFactorCodeBody,
    @Caller() caller: Caller,
    @Req() request: FastifyRequest,
  ): Promise<{ status: true }> {
    return this.services.call(TwoFactorRpc.sendCode, this.holder(caller, request));
  }

  @Post('two-factor/verify-totp')
  @RateLimit(TWO_FACTOR_RULE)
  @HttpCode(200)
  @WithSession({ optional: true, changesUser: true })
  verifyTotp(
    @Body() body: VerifyTwoFactorCodeBody,
    @Caller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<Verified> {
    return this.verify({ ...body, method: 'totp' }, caller, request, response);
  }

  @Post('two-factor/verify-otp')
  @RateLimit(TWO_FACTOR_RULE)
  @HttpCode(200)
  @WithSession({ optional: true, changesUser: true })
  verifyOtp(
    @Body() body: VerifyTwoFactorCodeBody,
    @Caller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<Verified> {
    return this.verify({ ...body, method: 'otp' }, caller, request, response);
  }

  /** With `disableSession` the code is spent and `{user}` answered, without a session. */
  @Post('two-factor/verify-backup-code')
  @RateLimit(TWO_FACTOR_RULE)
  @HttpCode(200)
  @WithSession({ optional: true })
  verifyBackupCode(
    @Body() body: VerifyBackupCodeBody,
    @Caller() caller: Caller,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) response: FastifyReply,
  ): Promise<Verified> {
    const { disableSession, ...code } = body;
    return this.verify({ ...code, method: 'backup-code' }, caller, request, response, disableSession === true);
  }

  /**
   * The challenge path starts the session (`{token, user}` and its cookie, the challenge cookie cleared); the
   * session path answers the caller's token, or the new session's when this proof turned two-factor on.
   */
  private async verify(
    code: Pick<VerifySecondFactorRequest, 'code' | 'method' | 'trustDevice' | 'revokeOtherSessions'>,
    caller: Caller,
    request: FastifyRequest,
    response: FastifyReply,
    withoutSession = false,
  ): Promise<Verified> {
    const reply = await this.services.call(TwoFactorRpc.verify, { ...code, ...this.holder(caller, request) });
    if ('session' in reply) {
      await this.cookies.replaceSession(reply, caller as SignedInCaller, this.cookies.remembered(request), response);
      return { token: reply.session.token, user: reply.user };
    }
    if (!reply.challenge) return { token: caller.session!.token, user: reply.user };
    this.cookies.challengeCompleted(reply.trustedDevice, reply.rememberMe, response);
    if (withoutSession) return { user: reply.user };
    const session = await this.sessions.issue(reply.user, reply.rememberMe, caller, response);
    return { token: session.token, user: reply.user };
  }

  /** The signed-in user when there is one (as 1.7), else the challenge of the two_factor cookie. */
  private holder(caller: Caller, request: FastifyRequest): SecondFactorHolder {
    const client = sessionClientOf(caller, this.cookies.remembered(request));
    if (caller.user) return { ...client, userId: caller.user.id, actorId: caller.user.id };
    return { ...client, challengeId: this.cookies.challengeOf(request) };
  }

  private setup(caller: SignedInCaller, rememberMe: boolean) {
    return { ...sessionClientOf(caller, rememberMe), userId: caller.user.id, actorId: caller.user.id };
  }
}
