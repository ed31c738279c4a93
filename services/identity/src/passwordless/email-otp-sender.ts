import type { SendEmailOtpRequest } from '@authsvc/contracts';
import { DomainError, PasswordlessErrors } from '@authsvc/errors';
import { findRow } from '@authsvc/platform';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config.js';
import { ANONYMOUS_ANSWER_FLOOR_MS, withUniformDuration } from '../security/uniform-duration.js';
import { normalizeEmail } from '../user/email/email-address.js';
import { UserEntity } from '../user/user.entity.js';
import { EmailOtps } from './email-otps.js';
import { mailsAddress } from './mail-rules.js';
import { PasswordlessKeys } from './passwordless-keys.js';
import { PasswordlessMails } from './passwordless-mails.js';
import { PasswordlessStore } from './passwordless-store.js';

/** Mails one-time codes (send-verification-otp, request-password-reset). */
@Injectable()
export class EmailOtpSender {
  constructor(
    private readonly dataSource: DataSource,
    private readonly otps: EmailOtps,
    private readonly keys: PasswordlessKeys,
    private readonly store: PasswordlessStore,
    private readonly mails: PasswordlessMails,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  /**
   * `{success: true}` after the same time whatever the address, mailed as `mailsAddress` says. `change-email` is
   * refused (changing the address by code is off, as the reference's default).
   * Past the address's sends (PASSWORDLESS_ADDRESS_SENDS) nothing is mailed, and the live code stays.
   */
  send(request: SendEmailOtpRequest): Promise<{ success: true }> {
    if (request.type === 'change-email') throw new DomainError(PasswordlessErrors.INVALID_OTP_TYPE);
    const email = normalizeEmail(request.email);
    return withUniformDuration(ANONYMOUS_ANSWER_FLOOR_MS, async () => {
      const user = await findRow(this.dataSource.manager, UserEntity, { email });
      const addressId = this.keys.addressId(email);
      const mailed = mailsAddress(request.type, user !== null, this.config.EMAIL_SIGN_IN_SIGN_UP);
      if (mailed && (await this.store.admitSend(addressId, this.config))) {
        const { otp, expiresAt } = await this.otps.issue(request.type, email);
        const to = { email, name: user?.name ?? '', addressId, userId: user?.id ?? null };
        await this.mails.otp(to, request.type, otp, expiresAt, request.correlationId);
      }
      return { success: true } as const;
    });
  }
}
