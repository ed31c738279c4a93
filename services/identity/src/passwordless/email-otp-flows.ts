import type {
  CheckEmailOtpRequest,
  ResetPasswordOtpRequest,
  SendEmailOtpRequest,
  VerifyEmailOtpRequest,
} from '@authsvc/contracts';
import { AuthErrors, DomainError, PasswordlessErrors } from '@authsvc/errors';
import { findRow, randomString } from '@authsvc/platform';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config.js';
import { PasswordHasher } from '../password/password-hasher.js';
import { AccountThrottle } from '../security/account-throttle.js';
import { ANONYMOUS_ANSWER_FLOOR_MS, withUniformDuration } from '../security/uniform-duration.js';
import { NewPasswordPolicy } from '../user/credential/new-password-policy.js';
import { normalizeEmail } from '../user/email/email-address.js';
import { UserEntity } from '../user/user.entity.js';
import { UserStream } from '../user/user-stream.js';
import { EmailOtps } from './email-otps.js';
import { PasswordlessKeys } from './passwordless-keys.js';
import { PasswordlessMails } from './passwordless-mails.js';

/** The email OTP endpoints other than sign-in (whose session start is the controller's, see there). */
@Injectable()
export class EmailOtpFlows {
  constructor(
    private readonly dataSource: DataSource,
    private readonly otps: EmailOtps,
    private readonly keys: PasswordlessKeys,
    private readonly mails: PasswordlessMails,
    private readonly users: UserStream,
    private readonly hasher: PasswordHasher,
    private readonly passwords: NewPasswordPolicy,
    private readonly throttle: AccountThrottle,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /**
   * `{success: true}` after the same time whatever the address. As the reference: a code for an address without
   * an account is mailed only to sign in (which registers it, unless sign-up is off); the other types only to an
   * account's address. `change-email` is refused (changing the address by code is off, as the reference's default).
   */
  send(request: SendEmailOtpRequest): Promise<{ success: true }> {
    if (request.type === 'change-email') throw new DomainError(PasswordlessErrors.INVALID_OTP_TYPE);
    const email = normalizeEmail(request.email);
    return withUniformDuration(ANONYMOUS_ANSWER_FLOOR_MS, async () => {
      const user = await this.user(email);
      const mailed = user !== null || (request.type === 'sign-in' && this.config.EMAIL_SIGN_IN_SIGN_UP);
      if (mailed) {
        const { otp, expiresAt } = await this.otps.issue(request.type, email);
        const to = { email, name: user?.name ?? '', addressId: this.keys.addressId(email), userId: user?.id ?? null };
        await this.mails.otp(to, request.type, otp, expiresAt, request.correlationId);
      }
      return { success: true } as const;
    });
  }

  /** Whether the code is right, without spending it (a wrong one counts a try); a right one needs an account. */
  async check(request: CheckEmailOtpRequest): Promise<{ success: true }> {
    const email = normalizeEmail(request.email);
    await this.otps.verify(request.type, email, request.otp, false);
    if ((await this.user(email)) === null) throw notFound();
    return { success: true };
  }

  /** The address proven by its `email-verification` code: the user, verified now or already. */
  async verifyEmail(request: VerifyEmailOtpRequest): Promise<{ user: UserEntity; verifiedNow: boolean }> {
    const email = normalizeEmail(request.email);
    await this.otps.verify('email-verification', email, request.otp, true);
    const user = await this.user(email);
    if (user === null) throw notFound();
    if (user.emailVerified) return { user, verifiedNow: false };
    const now = new Date();
    await this.users.execute(
      user.id,
      { type: 'VerifyEmail', now },
      { correlationId: request.correlationId, actorId: user.id, now },
    );
    return { user: (await this.user(email)) ?? user, verifiedNow: true };
  }

  /**
   * A new password by a `forget-password` code, as a reset link sets one (policy first, the code unspent when it
   * fails; sessions end as REVOKE_SESSIONS_ON_PASSWORD_RESET says; the password throttle cleared, as the code
   * proves the address); it proves the address too.
   */
  async resetPassword(request: ResetPasswordOtpRequest): Promise<{ success: true }> {
    this.passwords.assertAcceptable(request.password);
    const email = normalizeEmail(request.email);
    await this.otps.verify('forget-password', email, request.otp, true);
    const user = await this.user(email);
    if (user === null) throw notFound();
    await this.throttle.clear({ userId: user.id });
    const now = new Date();
    await this.users.execute(
      user.id,
      {
        type: 'ResetPasswordWithCode',
        passwordHash: await this.hasher.hash(request.password),
        newAccountId: randomString(),
        signOutEverywhere: this.config.REVOKE_SESSIONS_ON_PASSWORD_RESET,
        now,
      },
      { correlationId: request.correlationId, actorId: user.id, now },
    );
    return { success: true };
  }

  private user(email: string): Promise<UserEntity | null> {
    return findRow(this.dataSource.manager, UserEntity, { email });
  }
}

/** The reference answers a right code for an address without account with 400 (not the entry's 404). */
const notFound = (): DomainError => new DomainError(AuthErrors.USER_NOT_FOUND, { status: 400 });
