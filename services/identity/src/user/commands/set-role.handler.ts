import { type SetRoleRequest, type UserView, joinRoles } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AdminUserChanges } from '../admin-user-changes.js';

export class SetRoleCommand extends Command<UserView> {
  constructor(readonly request: SetRoleRequest) {
    super();
  }
}

/** An admin sets a user's roles; the event carries the admin as its actor. */
@CommandHandler(SetRoleCommand)
export class SetRoleHandler implements ICommandHandler<SetRoleCommand, UserView> {
  constructor(private readonly changes: AdminUserChanges) {}

  execute({ request }: SetRoleCommand): Promise<UserView> {
    return this.changes.apply(request, (now) => ({ type: 'SetRole', role: joinRoles(request.role), now }));
  }
}
