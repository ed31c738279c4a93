import type { CheckEmailOtpRequest, VerifyEmailOtpRequest } from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { findRow } from '@authsvc/platform';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { normalizeEmail } from '../user/email/email-address.js';
import { UserEntity } from '../user/user.entity.js';
import { UserStream } from '../user/user-stream.js';
import { EmailOtps } from './email-otps.js';

/** The reference answers a right code for an address without account with 400 (not the entry's 404). */
export const userNotFound = (): DomainError => new DomainError(AuthErrors.USER_NOT_FOUND, { status: 400 });

/** Codes that prove an address without signing in: check-verification-otp and verify-email. */
@Injectable()
export class EmailOtpVerification {
  constructor(
    private readonly dataSource: DataSource,
    private readonly otps: EmailOtps,
    private readonly users: UserStream,
  ) {}

  /** Whether the code is right, without spending it (a wrong one counts a try); a right one needs an account. */
  async check(request: CheckEmailOtpRequest): Promise<{ success: true }> {
    const email = normalizeEmail(request.email);
    await this.otps.verify(request.type, email, request.otp, false);
    if ((await this.user(email)) === null) throw userNotFound();
    return { success: true };
  }

  /** The address proven by its `email-verification` code: the user, verified now or already. */
  async verifyEmail(request: VerifyEmailOtpRequest): Promise<{ user: UserEntity; verifiedNow: boolean }> {
    const email = normalizeEmail(request.email);
    await this.otps.verify('email-verification', email, request.otp, true);
    const user = await this.user(email);
    if (user === null) throw userNotFound();
    if (user.emailVerified) return { user, verifiedNow: false };
    const now = new Date();
    const context = { correlationId: request.correlationId, actorId: user.id, now };
    await this.users.execute(user.id, { type: 'VerifyEmail', now }, context);
    return { user: (await this.user(email)) ?? user, verifiedNow: true };
  }

  private user(email: string): Promise<UserEntity | null> {
    return findRow(this.dataSource.manager, UserEntity, { email });
  }
}
