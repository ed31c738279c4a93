import {
  GetUserRequest,
  IdentityRpc,
  RegisterUserRequest,
  DeleteUserRequest,
  ConfirmUserDeletionRequest,
  type DeleteUserOutcome,
  UpdateUserRequest,
  UsernameAvailabilityRequest,
  type AccountView,
  type UserView,
} from '@authsvc/contracts';
import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RegisterUserCommand } from './commands/register-user.command.js';
import { ConfirmUserDeletionCommand } from './commands/confirm-user-deletion.command.js';
import { DeleteUserCommand } from './commands/delete-user.command.js';
import { UpdateUserCommand } from './commands/update-user.command.js';
import { GetUserQuery } from './queries/get-user.query.js';
import { ListAccountsQuery } from './queries/list-accounts.query.js';
import { UsernameAvailabilityQuery } from './queries/username-availability.query.js';

@Controller()
export class UserNatsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @MessagePattern(IdentityRpc.registerUser.subject)
  register(@Payload() request: RegisterUserRequest): Promise<UserView> {
    return this.commands.execute(new RegisterUserCommand(request));
  }

  @MessagePattern(IdentityRpc.getUser.subject)
  get(@Payload() request: GetUserRequest): Promise<UserView | null> {
    return this.queries.execute(new GetUserQuery(request.userId));
  }

  @MessagePattern(IdentityRpc.isUsernameAvailable.subject)
  isUsernameAvailable(@Payload() request: UsernameAvailabilityRequest): Promise<{ available: boolean }> {
    return this.queries.execute(new UsernameAvailabilityQuery(request.username));
  }

  @MessagePattern(IdentityRpc.updateUser.subject)
  update(@Payload() request: UpdateUserRequest): Promise<UserView> {
    return this.commands.execute(new UpdateUserCommand(request));
  }

  @MessagePattern(IdentityRpc.listAccounts.subject)
  listAccounts(@Payload() request: GetUserRequest): Promise<AccountView[]> {
    return this.queries.execute(new ListAccountsQuery(request.userId));
  }

  @MessagePattern(IdentityRpc.deleteUser.subject)
  delete(@Payload() request: DeleteUserRequest): Promise<{ outcome: DeleteUserOutcome }> {
    return this.commands.execute(new DeleteUserCommand(request));
  }

  @MessagePattern(IdentityRpc.confirmUserDeletion.subject)
  confirmDeletion(@Payload() request: ConfirmUserDeletionRequest): Promise<{ deleted: true }> {
    return this.commands.execute(new ConfirmUserDeletionCommand(request));
  }
}
