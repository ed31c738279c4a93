import {
  AdminUpdateUserRequest,
  BanUserRequest,
  CreateUserRequest,
  GetUserRequest,
  IdentityRpc,
  ListUsersRequest,
  RemoveUserRequest,
  SessionRpc,
  SetRoleByEmailRequest,
  SetRoleRequest,
  SetUserPasswordRequest,
  UnbanUserRequest,
  type UserPage,
  type UserView,
} from '@authsvc/contracts';
import { AdminErrors } from '@authsvc/errors';
import { forwardRequest, type ForwardedRequest } from '@authsvc/platform';
import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AdminRights } from './admin-rights.js';
import { AdminUpdateUserCommand } from './commands/admin-update-user.handler.js';
import { BanUserCommand, UnbanUserCommand } from './commands/ban-user.handler.js';
import { CreateUserCommand } from './commands/create-user.handler.js';
import { RemoveUserCommand } from './commands/remove-user.handler.js';
import { SetRoleByEmailCommand } from './commands/set-role-by-email.handler.js';
import { SetRoleCommand } from './commands/set-role.handler.js';
import { SetUserPasswordCommand } from './commands/set-user-password.handler.js';
import { GetUserQuery } from './queries/get-user.handler.js';
import { ListUsersQuery } from './queries/list-users.handler.js';
import { sessionsFollow } from './sessions-follow.js';

/**
 * What admins do to users. The gateway checked the admin's permission, and identity checks the actor's again
 * (`AdminRights`): the actor is the admin. A change of the
 * user is answered by the session service once their sessions show it (`sessionsFollow`).
 */
const SET_ROLE = { user: ['set-role'] };
const BAN = { user: ['ban'] };

@Controller()
export class AdminNatsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly rights: AdminRights,
  ) {}

  @MessagePattern(IdentityRpc.setRole.subject)
  async setRole(@Payload() request: SetRoleRequest): Promise<ForwardedRequest<UserView>> {
    await this.rights.require(request.actorId, SET_ROLE, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE);
    return sessionsFollow(await this.commands.execute(new SetRoleCommand(request)), request, { rightsMayEnd: true });
  }

  /** Server code's grant of a role by email (the admin CLI). */
  @MessagePattern(IdentityRpc.setRoleByEmail.subject)
  async setRoleByEmail(@Payload() request: SetRoleByEmailRequest): Promise<ForwardedRequest<UserView>> {
    const user = await this.commands.execute(new SetRoleByEmailCommand(request));
    return sessionsFollow(user, request, { rightsMayEnd: true });
  }

  /** The ban only: the session service ends the user's sessions (asked by the gateway, and on the event). */
  @MessagePattern(IdentityRpc.banUser.subject)
  async banUser(@Payload() request: BanUserRequest): Promise<ForwardedRequest<UserView>> {
    await this.rights.require(request.actorId, BAN, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_BAN_USERS);
    return sessionsFollow(await this.commands.execute(new BanUserCommand(request)), request, { rightsMayEnd: true });
  }

  @MessagePattern(IdentityRpc.unbanUser.subject)
  async unbanUser(@Payload() request: UnbanUserRequest): Promise<ForwardedRequest<UserView>> {
    await this.rights.require(request.actorId, BAN, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_BAN_USERS);
    return sessionsFollow(await this.commands.execute(new UnbanUserCommand(request)), request);
  }

  @MessagePattern(IdentityRpc.createUser.subject)
  async createUser(@Payload() request: CreateUserRequest): Promise<UserView> {
    await this.rights.require(request.actorId, { user: ['create'] }, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_CREATE_USERS);
    if (request.role !== undefined) {
      await this.rights.require(request.actorId, SET_ROLE, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE);
    }
    return this.commands.execute(new CreateUserCommand(request));
  }

  @MessagePattern(IdentityRpc.adminGetUser.subject)
  async getUser(@Payload() request: GetUserRequest): Promise<UserView | null> {
    await this.rights.require(request.actorId, { user: ['get'] }, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_GET_USER);
    return this.queries.execute(new GetUserQuery(request.userId));
  }

  @MessagePattern(IdentityRpc.listUsers.subject)
  async listUsers(@Payload() request: ListUsersRequest): Promise<UserPage> {
    await this.rights.require(request.actorId, { user: ['list'] }, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_LIST_USERS);
    return this.queries.execute(new ListUsersQuery(request));
  }

  @MessagePattern(IdentityRpc.adminUpdateUser.subject)
  async updateUser(@Payload() request: AdminUpdateUserRequest): Promise<ForwardedRequest<UserView>> {
    await this.rights.require(request.actorId, { user: ['update'] }, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_UPDATE_USERS);
    if (request.data.role !== undefined) {
      await this.rights.require(request.actorId, SET_ROLE, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_CHANGE_USERS_ROLE);
    }
    const user = await this.commands.execute(new AdminUpdateUserCommand(request));
    return sessionsFollow(user, request, { rightsMayEnd: request.data.role !== undefined });
  }

  @MessagePattern(IdentityRpc.setUserPassword.subject)
  async setUserPassword(@Payload() request: SetUserPasswordRequest): Promise<{ status: true }> {
    const refusal = AdminErrors.YOU_ARE_NOT_ALLOWED_TO_SET_USERS_PASSWORD;
    await this.rights.require(request.actorId, { user: ['set-password'] }, refusal);
    return this.commands.execute(new SetUserPasswordCommand(request));
  }

  /** The user's sessions end before the answer: the session service, handed the request, ends them and answers. */
  @MessagePattern(IdentityRpc.removeUser.subject)
  async removeUser(@Payload() request: RemoveUserRequest): Promise<ForwardedRequest<{ revoked: number }>> {
    await this.rights.require(request.actorId, { user: ['delete'] }, AdminErrors.YOU_ARE_NOT_ALLOWED_TO_DELETE_USERS);
    await this.commands.execute(new RemoveUserCommand(request));
    const { userId, correlationId, actorId } = request;
    return forwardRequest(SessionRpc.revokeForUser, { userId, correlationId, actorId });
  }
}
