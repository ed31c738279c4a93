import type { ChangePasswordRequest, UserView } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { UserEntity } from '../user.entity.js';
import { UserStream } from '../user-stream.js';
import { toUserView } from '../user-view.mapper.js';
import { CredentialCheck } from '../credential/credential-check.js';
import { PasswordHasher } from '../../password/password-hasher.js';
import { NewPasswordPolicy } from '../credential/new-password-policy.js';
import { TrustedDevices } from '../../two-factor/trusted-devices.js';

export class ChangePasswordCommand extends Command<UserView> {
  constructor(readonly request: ChangePasswordRequest) {
    super();
  }
}

/**
 * A signed-in user's new password, after checking the current one. Other sessions are ended, when asked, by the
 * session service as it starts the replacing session (the request is handed on to it), so the event does not ask
 * for it: a reaction to the event could end the replacing session too.
 */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserStream,
    private readonly hasher: PasswordHasher,
    private readonly credentials: CredentialCheck,
    private readonly passwords: NewPasswordPolicy,
    private readonly devices: TrustedDevices,
  ) {}

  async execute({ request }: ChangePasswordCommand): Promise<UserView> {
    this.passwords.assertAcceptable(request.newPassword);
    await this.credentials.assertPassword(request.userId, request.currentPassword, request);
    const now = new Date();
    await this.users.execute(
      request.userId,
      {
        type: 'ChangePassword',
        passwordHash: await this.hasher.hash(request.newPassword),
        signOutEverywhere: false,
        now,
      },
      { correlationId: request.correlationId, actorId: request.userId, now },
    );
    // A new password untrusts every device that skipped the second factor: whoever changed it may fear a thief.
    await this.devices.untrustAll(request.userId);
    return toUserView(await this.dataSource.getRepository(UserEntity).findOneByOrFail({ id: request.userId }));
  }
}
