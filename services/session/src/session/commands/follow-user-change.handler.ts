import type { UserChangedRequest, UserView } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { UserViews } from '../../user-snapshot/user-views.js';
import { roleKeepsImpersonation } from '../impersonation-right.js';
import { SessionEndings } from '../session-endings.js';

export class FollowUserChangeCommand extends Command<UserView> {
  constructor(readonly request: UserChangedRequest) {
    super();
  }
}

/**
 * Identity changed a user and handed its answer on: the user's copy and cached sessions take identity's view
 * before the caller hears of the change, and an admin whose role no longer grants impersonation (or who was
 * banned) loses the impersonations they hold. Identity's event, arriving later, finds nothing left to do.
 */
@CommandHandler(FollowUserChangeCommand)
export class FollowUserChangeHandler implements ICommandHandler<FollowUserChangeCommand, UserView> {
  constructor(
    private readonly users: UserViews,
    private readonly endings: SessionEndings,
  ) {}

  async execute({ request }: FollowUserChangeCommand): Promise<UserView> {
    const { userId, correlationId, actorId } = request;
    const user = await this.users.follow(userId, correlationId);
    if (request.rightsMayEnd && !roleKeepsImpersonation(user, new Date())) {
      await this.endings.endImpersonationsBy(userId, { correlationId, actorId });
    }
    if (!user) throw new DomainError(AuthErrors.USER_NOT_FOUND);
    return user;
  }
}
