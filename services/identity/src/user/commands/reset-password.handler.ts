import type { ResetPasswordRequest } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { randomString } from '@authsvc/platform';
import { Inject } from '@nestjs/common';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config.js';
import { UserStream } from '../user-stream.js';
import { PasswordHasher } from '../../password/password-hasher.js';
import { NewPasswordPolicy } from '../credential/new-password-policy.js';
import { PasswordResetLinks } from '../password-reset/password-reset-links.js';
import { AccountThrottle } from '../../security/account-throttle.js';
import { hashMailedToken } from '../../security/mailed-token.js';
import { TrustedDevices } from '../../two-factor/trusted-devices.js';

export class ResetPasswordCommand extends Command<{ status: true }> {
  constructor(readonly request: ResetPasswordRequest) {
    super();
  }
}

/**
 * Sets the password a mailed link asks for; the link (and every older one) stops working. The account's password
 * throttle is cleared first, once the link is known good: whoever holds it controls the address, and nothing an
 * attacker did may keep them out (cleared before the change, a dead Redis refuses the reset with the link unused).
 */
@CommandHandler(ResetPasswordCommand)
export class ResetPasswordHandler implements ICommandHandler<ResetPasswordCommand> {
  constructor(
    private readonly links: PasswordResetLinks,
    private readonly users: UserStream,
    private readonly hasher: PasswordHasher,
    private readonly passwords: NewPasswordPolicy,
    private readonly throttle: AccountThrottle,
    private readonly devices: TrustedDevices,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async execute({ request }: ResetPasswordCommand): Promise<{ status: true }> {
    this.passwords.assertAcceptable(request.newPassword);
    const now = new Date();
    const userId = await this.links.userOf(request.token, now);
    if (!userId) throw new DomainError(AuthErrors.INVALID_TOKEN);
    await this.throttle.clear({ userId });
    await this.users.execute(
      userId,
      {
        type: 'ResetPassword',
        tokenHash: hashMailedToken(request.token),
        passwordHash: await this.hasher.hash(request.newPassword),
        newAccountId: randomString(),
        signOutEverywhere: this.config.REVOKE_SESSIONS_ON_PASSWORD_RESET,
        now,
      },
      { correlationId: request.correlationId, actorId: userId, now },
    );
    // A reset password untrusts every device that skipped the second factor, as a changed one does.
    await this.devices.untrustAll(userId);
    return { status: true };
  }
}
