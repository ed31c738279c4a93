import type { EmailOtpType } from '@authsvc/contracts';
import { DomainError, PasswordlessErrors } from '@authsvc/errors';
import { Inject, Injectable } from '@nestjs/common';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config.js';
import { decideOtp, newOtp } from './one-time-secret.js';
import { PasswordlessKeys } from './passwordless-keys.js';
import { PasswordlessStore } from './passwordless-store.js';

/**
 * Mailed one-time codes: 6 digits, stored only as their keyed hash, valid EMAIL_OTP_EXPIRES_IN seconds, 3 wrong
 * tries each, a new code voids the one before it, and every address has a budget of wrong codes that no new code
 * restores (EMAIL_OTP_ADDRESS_BUDGET per PASSWORDLESS_ADDRESS_WINDOW).
 */
@Injectable()
export class EmailOtps {
  constructor(
    private readonly keys: PasswordlessKeys,
    private readonly store: PasswordlessStore,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /** A new code for the address and type (the older one void), and until when it works. */
  async issue(type: EmailOtpType, email: string): Promise<{ otp: string; expiresAt: Date }> {
    const addressId = this.keys.addressId(email);
    const otp = newOtp();
    const expiresAt = new Date(Date.now() + this.config.EMAIL_OTP_EXPIRES_IN * 1000);
    await this.store.issueOtp(type, addressId, this.keys.codeHash(type, addressId, otp), expiresAt.getTime());
    return { otp, expiresAt };
  }

  /**
   * Passes when `otp` is the address's live code of this type, spending it when `spend` (a check leaves it, and
   * its try, in place); otherwise throws the catalogue's answer, the attempt counted.
   */
  async verify(type: EmailOtpType, email: string, otp: string, spend: boolean): Promise<void> {
    const addressId = this.keys.addressId(email);
    const { EMAIL_OTP_ADDRESS_BUDGET, PASSWORDLESS_ADDRESS_WINDOW } = this.config;
    const attempt = await this.store.attemptOtp(
      type,
      addressId,
      EMAIL_OTP_ADDRESS_BUDGET,
      PASSWORDLESS_ADDRESS_WINDOW * 1000,
    );
    if (attempt.kind === 'budget-spent') throw new DomainError(PasswordlessErrors.TOO_MANY_ATTEMPTS);
    const entered = this.keys.codeHash(type, addressId, otp);
    switch (decideOtp(attempt.stored, entered, Date.now())) {
      case 'right':
        if (await this.store.settleRightOtp(type, addressId, attempt.stored!.codeHash, spend)) return;
        throw new DomainError(PasswordlessErrors.INVALID_OTP);
      case 'expired':
        await this.store.dropOtp(type, addressId);
        throw new DomainError(PasswordlessErrors.OTP_EXPIRED);
      case 'too-many':
        await this.store.dropOtp(type, addressId);
        throw new DomainError(PasswordlessErrors.TOO_MANY_ATTEMPTS);
      case 'wrong':
      case 'none':
        throw new DomainError(PasswordlessErrors.INVALID_OTP);
    }
  }
}
