import type { UserView } from '@authsvc/contracts';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, type IdentityConfig } from '../../identity.config.js';
import { AccountEntity } from '../../user/account.entity.js';
import { UserEntity } from '../../user/user.entity.js';
import { UserStream } from '../../user/user-stream.js';
import { toUserView } from '../../user/user-view.mapper.js';
import { PasswordHasher } from '../password-hasher.js';
import { assertPasswordLength } from '../password-policy.js';
import { ChangePasswordCommand } from './password.commands.js';

/**
 * A signed-in user's new password, after checking the current one. Other sessions are ended by the gateway
 * when asked (it starts the replacing session), so the event does not ask for it.
 */
@CommandHandler(ChangePasswordCommand)
export class ChangePasswordHandler implements ICommandHandler<ChangePasswordCommand> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserStream,
    private readonly hasher: PasswordHasher,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async execute({ request }: ChangePasswordCommand): Promise<UserView> {
    assertPasswordLength(request.newPassword, {
      min: this.config.PASSWORD_MIN_LENGTH,
      max: this.config.PASSWORD_MAX_LENGTH,
    });
    const account = await this.dataSource
      .getRepository(AccountEntity)
      .findOneBy({ userId: request.userId, providerId: 'credential' });
    if (!account?.password) throw new DomainError(AuthErrors.CREDENTIAL_ACCOUNT_NOT_FOUND);
    if (!(await this.hasher.verify(request.currentPassword, account.password))) {
      throw new DomainError(AuthErrors.INVALID_PASSWORD);
    }
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
