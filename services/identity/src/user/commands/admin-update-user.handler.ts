import { type AdminUpdateUserRequest, type UserView, joinRoles } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AdminUserChanges } from '../admin-user-changes.js';

export class AdminUpdateUserCommand extends Command<UserView> {
  constructor(readonly request: AdminUpdateUserRequest) {
    super();
  }
}

/** An admin's update-user: profile fields and roles (the gateway checked both rights). */
@CommandHandler(AdminUpdateUserCommand)
export class AdminUpdateUserHandler implements ICommandHandler<AdminUpdateUserCommand, UserView> {
  constructor(private readonly changes: AdminUserChanges) {}

  execute({ request }: AdminUpdateUserCommand): Promise<UserView> {
    const { name, image, role } = request.data;
    const changes = { ...(name !== undefined && { name }), ...(image !== undefined && { image }) };
    return this.changes.apply(request, (now) => ({
      type: 'AdminUpdateUser',
      changes,
      role: role === undefined ? null : joinRoles(role),
      now,
    }));
  }
}
