import type { SetUserPasswordRequest } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { randomString } from '@authsvc/platform';
import { PasswordHasher } from '../../password/password-hasher.js';
import { NewPasswordPolicy } from '../credential/new-password-policy.js';
import { TrustedDevices } from '../../two-factor/trusted-devices.js';
import { UserStream } from '../user-stream.js';

export class SetUserPasswordCommand extends Command<{ status: true }> {
  constructor(readonly request: SetUserPasswordRequest) {
    super();
  }
}

/** An admin sets a user's password under the same policy as everyone's; the user's sessions stay. */
@CommandHandler(SetUserPasswordCommand)
export class SetUserPasswordHandler implements ICommandHandler<SetUserPasswordCommand> {
  constructor(
    private readonly users: UserStream,
    private readonly hasher: PasswordHasher,
    private readonly passwords: NewPasswordPolicy,
    private readonly devices: TrustedDevices,
  ) {}

  async execute({ request }: SetUserPasswordCommand): Promise<{ status: true }> {
    this.passwords.assertAcceptable(request.newPassword);
    const now = new Date();
    const passwordHash = await this.hasher.hash(request.newPassword);
    await this.users.execute(
      request.userId,
      { type: 'SetPassword', passwordHash, newAccountId: randomString(), replaceExisting: true, now },
      { correlationId: request.correlationId, actorId: request.actorId ?? null, now },
    );
    // As a password change or reset: no device skips the second factor on the strength of the old password's days.
    await this.devices.untrustAll(request.userId);
    return { status: true };
  }
}
