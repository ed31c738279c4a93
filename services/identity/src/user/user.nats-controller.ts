import {
  GetUserRequest,
  IdentityRpc,
  RegisterUserRequest,
  DeleteUserRequest,
  ConfirmUserDeletionRequest,
  SessionRpc,
  UpdateUserRequest,
  UsernameAvailabilityRequest,
  type AccountView,
  type DeleteUserReply,
  type StartedSession,
  type UserView,
} from '@authsvc/contracts';
import { forwardRequest, type ForwardedRequest } from '@authsvc/platform';
import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { RegisterUserCommand } from './commands/register-user.handler.js';
import { ConfirmUserDeletionCommand } from './commands/confirm-user-deletion.handler.js';
import { DeleteUserCommand } from './commands/delete-user.handler.js';
import { UpdateUserCommand } from './commands/update-user.handler.js';
import { GetUserQuery } from './queries/get-user.handler.js';
import { ListAccountsQuery } from './queries/list-accounts.handler.js';
import { UsernameAvailabilityQuery } from './queries/username-availability.handler.js';
import { sessionsFollow } from './sessions-follow.js';
import { startSessionFor } from './session-start.js';

@Controller()
export class UserNatsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  /** The new user's session is started by the session service, handed the request, which answers the caller. */
  @MessagePattern(IdentityRpc.registerUser.subject)
  async register(@Payload() request: RegisterUserRequest): Promise<ForwardedRequest<StartedSession>> {
    const user = await this.commands.execute(new RegisterUserCommand(request));
    return startSessionFor(user, request, { newUser: true });
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
  async update(@Payload() request: UpdateUserRequest): Promise<ForwardedRequest<UserView>> {
    return sessionsFollow(await this.commands.execute(new UpdateUserCommand(request)), request);
  }

  @MessagePattern(IdentityRpc.listAccounts.subject)
  listAccounts(@Payload() request: GetUserRequest): Promise<AccountView[]> {
    return this.queries.execute(new ListAccountsQuery(request.userId));
  }

  @MessagePattern(IdentityRpc.deleteUser.subject)
  async delete(@Payload() request: DeleteUserRequest): Promise<DeleteUserReply | SessionsEnded> {
    const { outcome } = await this.commands.execute(new DeleteUserCommand(request));
    return outcome === 'deleted' ? endSessionsOf(request) : { outcome };
  }

  @MessagePattern(IdentityRpc.confirmUserDeletion.subject)
  async confirmDeletion(@Payload() request: ConfirmUserDeletionRequest): Promise<SessionsEnded> {
    await this.commands.execute(new ConfirmUserDeletionCommand(request));
    return endSessionsOf(request);
  }
}

type SessionsEnded = ForwardedRequest<{ revoked: number }>;

/**
 * A deleted user's sessions end before the caller is answered, so that no gateway serves them a moment longer:
 * the session service, handed the request, ends them and answers the caller. (It also reacts to UserDeleted,
 * which covers a crash between the deletion and this.)
 */
function endSessionsOf({ userId, correlationId }: { userId: string; correlationId: string }): SessionsEnded {
  return forwardRequest(SessionRpc.revokeForUser, { correlationId, actorId: userId, userId });
}
