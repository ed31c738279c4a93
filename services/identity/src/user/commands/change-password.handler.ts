import type { UserView } from '@authsvc/contracts';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { UserEntity } from '../user.entity.js';
import { UserStream } from '../user-stream.js';
import { toUserView } from '../user-view.mapper.js';
import { CredentialCheck } from '../credential/credential-check.js';
import { PasswordHasher } from '../../password/password-hasher.js';
import { NewPasswordPolicy } from '../credential/new-password-policy.js';
import { ChangePasswordCommand } from './change-password.command.js';

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
    return toUserView(await this.dataSource.getRepository(UserEntity).findOneByOrFail({ id: request.userId }));
  }
}
