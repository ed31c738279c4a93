import {
  GetUserRequest,
  IdentityRpc,
  RegisterUserRequest,
  UsernameAvailabilityRequest,
  VerifyPasswordRequest,
  VerifyUsernamePasswordRequest,
  type UserView,
} from '@authsvc/contracts';
import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { VerifyPasswordQuery } from '../credential/queries/verify-password.query.js';
import { RegisterUserCommand } from './commands/register-user.command.js';
import { GetUserQuery } from './queries/get-user.query.js';
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

  @MessagePattern(IdentityRpc.verifyPassword.subject)
  verifyPassword(@Payload() request: VerifyPasswordRequest): Promise<UserView> {
    return this.queries.execute(new VerifyPasswordQuery({ email: request.email }, request.password));
  }

  @MessagePattern(IdentityRpc.verifyUsernamePassword.subject)
  verifyUsernamePassword(@Payload() request: VerifyUsernamePasswordRequest): Promise<UserView> {
    return this.queries.execute(new VerifyPasswordQuery({ username: request.username }, request.password));
  }

  @MessagePattern(IdentityRpc.isUsernameAvailable.subject)
  isUsernameAvailable(@Payload() request: UsernameAvailabilityRequest): Promise<{ available: boolean }> {
    return this.queries.execute(new UsernameAvailabilityQuery(request.username));
  }
}
