import { BanUserRequest, IdentityRpc, SetRoleRequest, UnbanUserRequest, type UserView } from '@authsvc/contracts';
import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { BanUserCommand, UnbanUserCommand } from './commands/ban-user.command.js';
import { SetRoleCommand } from './commands/set-role.command.js';

/** What admins do to users. The gateway checked the admin's permission; the actor is the admin. */
@Controller()
export class AdminNatsController {
  constructor(private readonly commands: CommandBus) {}

  @MessagePattern(IdentityRpc.setRole.subject)
  setRole(@Payload() request: SetRoleRequest): Promise<UserView> {
    return this.commands.execute(new SetRoleCommand(request));
  }

  /** The ban only: the session service ends the user's sessions (asked by the gateway, and on the event). */
  @MessagePattern(IdentityRpc.banUser.subject)
  banUser(@Payload() request: BanUserRequest): Promise<UserView> {
    return this.commands.execute(new BanUserCommand(request));
  }

  @MessagePattern(IdentityRpc.unbanUser.subject)
  unbanUser(@Payload() request: UnbanUserRequest): Promise<UserView> {
    return this.commands.execute(new UnbanUserCommand(request));
  }
}
