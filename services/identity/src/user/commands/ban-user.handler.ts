import type { BanUserRequest, UnbanUserRequest, UserView } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AdminUserChanges } from '../admin-user-changes.js';

export class BanUserCommand extends Command<UserView> {
  constructor(readonly request: BanUserRequest) {
    super();
  }
}

export class UnbanUserCommand extends Command<UserView> {
  constructor(readonly request: UnbanUserRequest) {
    super();
  }
}

/** The reference's defaults: "No reason", and no expiry. */
const DEFAULT_BAN_REASON = 'No reason';

@CommandHandler(BanUserCommand)
export class BanUserHandler implements ICommandHandler<BanUserCommand, UserView> {
  constructor(private readonly changes: AdminUserChanges) {}

  execute({ request }: BanUserCommand): Promise<UserView> {
    const { banReason, banExpiresIn, actorId = '' } = request;
    return this.changes.apply(request, (now) => ({
      type: 'BanUser',
      adminId: actorId,
      banReason: banReason || DEFAULT_BAN_REASON,
      banExpires: banExpiresIn ? new Date(now.getTime() + banExpiresIn * 1000) : null,
      now,
    }));
  }
}

@CommandHandler(UnbanUserCommand)
export class UnbanUserHandler implements ICommandHandler<UnbanUserCommand, UserView> {
  constructor(private readonly changes: AdminUserChanges) {}

  execute({ request }: UnbanUserCommand): Promise<UserView> {
    return this.changes.apply(request, (now) => ({ type: 'UnbanUser', now }));
  }
}
