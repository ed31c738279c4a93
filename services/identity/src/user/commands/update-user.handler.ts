import type { UpdateUserRequest, UserView, PersonalOf, UserUpdated } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, UsernameErrors } from '@authsvc/errors';
import { Inject } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { IDENTITY_CONFIG, usernameLengthRule, type IdentityConfig } from '../../identity.config.js';
import { UserEntity, USERS_USERNAME_UNIQUE } from '../user.entity.js';
import { UserStream } from '../user-stream.js';
import { toUserView } from '../user-view.mapper.js';
import { usernameChanges } from '../username/username-rules.js';

export class UpdateUserCommand extends Command<UserView> {
  constructor(readonly request: UpdateUserRequest) {
    super();
  }
}

@CommandHandler(UpdateUserCommand)
export class UpdateUserHandler implements ICommandHandler<UpdateUserCommand, UserView> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly users: UserStream,
    @Inject(IDENTITY_CONFIG) private readonly config: IdentityConfig,
  ) {}

  async execute({ request }: UpdateUserCommand): Promise<UserView> {
    const changes = this.changesOf(request);
    const repository = this.dataSource.getRepository(UserEntity);
    // Keeping one's own username is no conflict; the unique constraint decides races with others.
    if (changes.username) {
      const holder = await repository.findOneBy({ username: changes.username });
      if (holder && holder.id !== request.userId) throw new DomainError(UsernameErrors.USERNAME_IS_ALREADY_TAKEN);
    }
    const now = new Date();
    await this.users.execute(
      request.userId,
      { type: 'UpdateUser', changes, now },
      { correlationId: request.correlationId, actorId: request.userId, now },
      { [USERS_USERNAME_UNIQUE]: UsernameErrors.USERNAME_IS_ALREADY_TAKEN },
    );
    return toUserView(await repository.findOneByOrFail({ id: request.userId }));
  }

  private changesOf(request: UpdateUserRequest): PersonalOf<typeof UserUpdated> {
    return {
      ...(request.name !== undefined && { name: request.name }),
      ...(request.image !== undefined && { image: request.image }),
      ...usernameChanges(request, usernameLengthRule(this.config)),
    };
  }
}
