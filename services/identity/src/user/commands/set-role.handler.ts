import { joinRoles, type UserView } from '@authsvc/contracts';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AdminUserChanges } from '../admin-user-changes.js';
import { SetRoleCommand } from './set-role.command.js';

/** An admin sets a user's roles; the event carries the admin as its actor. */
@CommandHandler(SetRoleCommand)
export class SetRoleHandler implements ICommandHandler<SetRoleCommand, UserView> {
  constructor(private readonly changes: AdminUserChanges) {}

  execute({ request }: SetRoleCommand): Promise<UserView> {
    return this.changes.apply(request, (now) => ({ type: 'SetRole', role: joinRoles(request.role), now }));
  }
}
