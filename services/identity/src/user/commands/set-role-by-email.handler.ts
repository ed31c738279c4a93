import { type SetRoleByEmailRequest, type UserView, joinRoles } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { AuthErrors, DomainError } from '@authsvc/errors';
import { DataSource } from 'typeorm';
import { AdminUserChanges } from '../admin-user-changes.js';
import { normalizeEmail } from '../email/email-address.js';
import { UserEntity } from '../user.entity.js';

export class SetRoleByEmailCommand extends Command<UserView> {
  constructor(readonly request: SetRoleByEmailRequest) {
    super();
  }
}

/** Server code (the admin CLI) sets the roles of the user with this email; no user acts. */
@CommandHandler(SetRoleByEmailCommand)
export class SetRoleByEmailHandler implements ICommandHandler<SetRoleByEmailCommand, UserView> {
  constructor(
    private readonly dataSource: DataSource,
    private readonly changes: AdminUserChanges,
  ) {}

  async execute({ request }: SetRoleByEmailCommand): Promise<UserView> {
    const email = normalizeEmail(request.email);
    const user = await this.dataSource.getRepository(UserEntity).findOneBy({ email });
    if (!user) throw new DomainError(AuthErrors.USER_NOT_FOUND);
    const role = joinRoles(request.role);
    return this.changes.apply({ ...request, userId: user.id }, (now) => ({ type: 'SetRole', role, now }));
  }
}
