import type { ResetPasswordOtpRequest } from '@authsvc/contracts';
import { findRow, randomString } from '@authsvc/platform';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../identity.config.js';
import { PasswordHasher } from '../password/password-hasher.js';
import { AccountThrottle } from '../security/account-throttle.js';
import { NewPasswordPolicy } from '../user/credential/new-password-policy.js';
import { normalizeEmail } from '../user/email/email-address.js';
import { UserEntity } from '../user/user.entity.js';
import { UserStream } from '../user/user-stream.js';
import { EmailOtps } from './email-otps.js';
import { userNotFound } from './email-otp-verification.js';

/**
 * A new password by a `forget-password` code, as a reset link sets one: the policy first (the code unspent when it
 * fails), then the password through the usual password events (a credential account created when there is none),
 * the address verified (the code proved it), the password throttle cleared, and the user's sessions ended as
 * REVOKE_SESSIONS_ON_PASSWORD_RESET says.
 */
@Injectable()
export class EmailOtpPasswordReset {
  constructor(
    private readonly dataSource: DataSource,
    private readonly otps: EmailOtps,
    private readonly users: UserStream,
    private readonly hasher: PasswordHasher,
    private readonly passwords: NewPasswordPolicy,
    private readonly throttle: AccountThrottle,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async reset(request: ResetPasswordOtpRequest): Promise<{ success: true }> {
    this.passwords.assertAcceptable(request.password);
    const email = normalizeEmail(request.email);
    await this.otps.verify('forget-password', email, request.otp, true);
    const user = await findRow(this.dataSource.manager, UserEntity, { email });
    if (user === null) throw userNotFound();
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
}
