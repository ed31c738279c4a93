import {
  CheckEmailOtpRequest,
  PasswordlessRpc,
  ResetPasswordOtpRequest,
  SendEmailOtpRequest,
  SendMagicLinkRequest,
  SignInEmailOtpRequest,
  VerifyEmailOtpRequest,
  VerifyMagicLinkRequest,
  type StartedSession,
  type UserView,
} from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import type { ForwardedRequest } from '@authsvc/platform';
import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { normalizeEmail } from '../user/email/email-address.js';
import { TwoFactorGate, type SignInOutcome } from '../two-factor/two-factor-gate.js';
import { startSessionFor } from '../user/session-start.js';
import { toUserView } from '../user/user-view.mapper.js';
import { EmailOtpPasswordReset } from './email-otp-password-reset.js';
import { EmailOtpSender } from './email-otp-sender.js';
import { EmailOtpVerification } from './email-otp-verification.js';
import { EmailOtps } from './email-otps.js';
import { MagicLinks } from './magic-links.js';
import { PasswordlessAccounts } from './passwordless-accounts.js';

/**
 * Sign-in by mailed link or code: a first factor like a password, so a two-factor user meets the second step
 * (`TwoFactorGate`; better-auth 1.7 lets these sign-ins skip it).
 */
@Controller()
export class PasswordlessNatsController {
  constructor(
    private readonly links: MagicLinks,
    private readonly otps: EmailOtps,
    private readonly sender: EmailOtpSender,
    private readonly verification: EmailOtpVerification,
    private readonly passwordReset: EmailOtpPasswordReset,
    private readonly accounts: PasswordlessAccounts,
    private readonly gate: TwoFactorGate,
  ) {}

  @MessagePattern(PasswordlessRpc.sendMagicLink.subject)
  sendMagicLink(@Payload() request: SendMagicLinkRequest): Promise<{ status: true }> {
    return this.links.send(request);
  }

  @MessagePattern(PasswordlessRpc.verifyMagicLink.subject)
  async verifyMagicLink(@Payload() request: VerifyMagicLinkRequest): Promise<SignInOutcome> {
    const grant = await this.links.take(request.token);
    if (grant === null) throw new DomainError(AuthErrors.INVALID_TOKEN);
    return this.signedIn(grant.email, { name: grant.name || undefined }, request);
  }

  @MessagePattern(PasswordlessRpc.sendEmailOtp.subject)
  sendEmailOtp(@Payload() request: SendEmailOtpRequest): Promise<{ success: true }> {
    return this.sender.send(request);
  }

  @MessagePattern(PasswordlessRpc.checkEmailOtp.subject)
  checkEmailOtp(@Payload() request: CheckEmailOtpRequest): Promise<{ success: true }> {
    return this.verification.check(request);
  }

  @MessagePattern(PasswordlessRpc.signInWithEmailOtp.subject)
  async signInWithEmailOtp(@Payload() request: SignInEmailOtpRequest): Promise<SignInOutcome> {
    const email = normalizeEmail(request.email);
    await this.otps.verify('sign-in', email, request.otp, true);
    return this.signedIn(email, { name: request.name, image: request.image }, request);
  }

  /**
   * With AUTO_SIGN_IN_AFTER_VERIFICATION the verifying code starts a session, as the reference's, except for a
   * two-factor user, who signs in with both factors; otherwise `{status, user}` (the user's sessions learn of the
   * verification from its event).
   */
  @MessagePattern(PasswordlessRpc.verifyEmailWithOtp.subject)
  async verifyEmailWithOtp(
    @Payload() request: VerifyEmailOtpRequest,
  ): Promise<ForwardedRequest<StartedSession> | { status: true; user: UserView }> {
    const { user, verifiedNow } = await this.verification.verifyEmail(request);
    const view = toUserView(user);
    if (request.signIn && !view.twoFactorEnabled) return startSessionFor(view, request, { userChanged: verifiedNow });
    return { status: true, user: view };
  }

  @MessagePattern(PasswordlessRpc.resetPasswordWithOtp.subject)
  resetPasswordWithOtp(@Payload() request: ResetPasswordOtpRequest): Promise<{ success: true }> {
    return this.passwordReset.reset(request);
  }

  /**
   * The one session start of passwordless sign-in: the address is proven; its account (registered on first use,
   * claimed when unverified, whose other sessions then end at once) is signed in.
   */
  private async signedIn(
    email: string,
    profile: { name?: string; image?: string },
    request: VerifyMagicLinkRequest | SignInEmailOtpRequest,
  ): Promise<SignInOutcome> {
    const { user, newUser, claimed } = await this.accounts.open(email, profile, request.correlationId);
    return this.gate.pass(user, request, { newUser, endOtherSessions: claimed, userChanged: claimed });
  }
}
