import {
  CreateSessionRequest,
  GetSessionRequest,
  ListUserSessionsRequest,
  RefreshUserRequest,
  RevokeSessionRequest,
  RevokeUserSessionsRequest,
  SessionRpc,
  SessionTokenRequest,
  SetActiveOrganizationRequest,
  UserChangedRequest,
  type SessionAndUser,
  type SessionReadModel,
  type SessionView,
  type StartedSession,
  type UserView,
} from '@authsvc/contracts';
import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { CreateSessionCommand } from './commands/create-session.handler.js';
import { ExpireSessionCommand } from './commands/expire-session.handler.js';
import { FollowUserChangeCommand } from './commands/follow-user-change.handler.js';
import { RefreshSessionCommand } from './commands/refresh-session.handler.js';
import { RevokeSessionCommand } from './commands/revoke-session.handler.js';
import { RevokeUserSessionsCommand } from './commands/revoke-user-sessions.handler.js';
import { SetActiveOrganizationCommand } from './commands/set-active-organization.handler.js';
import { ListUserSessionsQuery } from './queries/list-user-sessions.handler.js';
import { GetSessionQuery } from './queries/get-session.handler.js';
import { UserViews } from '../user-snapshot/user-views.js';

@Controller()
export class SessionNatsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly users: UserViews,
  ) {}

  @MessagePattern(SessionRpc.create.subject)
  create(@Payload() request: CreateSessionRequest): Promise<StartedSession> {
    return this.commands.execute(new CreateSessionCommand(request));
  }

  @MessagePattern(SessionRpc.startProven.subject)
  startProven(@Payload() request: CreateSessionRequest): Promise<StartedSession> {
    return this.commands.execute(new CreateSessionCommand(request, true));
  }

  @MessagePattern(SessionRpc.get.subject)
  get(@Payload() request: GetSessionRequest): Promise<SessionReadModel | null> {
    return this.queries.execute(new GetSessionQuery(request));
  }

  @MessagePattern(SessionRpc.refresh.subject)
  refresh(@Payload() request: SessionTokenRequest): Promise<SessionAndUser | null> {
    return this.commands.execute(new RefreshSessionCommand(request));
  }

  @MessagePattern(SessionRpc.expire.subject)
  expire(@Payload() request: SessionTokenRequest): Promise<{ expired: boolean }> {
    return this.commands.execute(new ExpireSessionCommand(request));
  }

  @MessagePattern(SessionRpc.revoke.subject)
  revoke(@Payload() request: RevokeSessionRequest): Promise<{ revoked: boolean }> {
    return this.commands.execute(new RevokeSessionCommand(request));
  }

  @MessagePattern(SessionRpc.listForUser.subject)
  listForUser(@Payload() request: ListUserSessionsRequest): Promise<SessionView[]> {
    return this.queries.execute(new ListUserSessionsQuery(request.userId));
  }

  @MessagePattern(SessionRpc.revokeForUser.subject)
  revokeForUser(@Payload() request: RevokeUserSessionsRequest): Promise<{ revoked: number }> {
    return this.commands.execute(new RevokeUserSessionsCommand(request));
  }

  @MessagePattern(SessionRpc.setActive.subject)
  setActive(@Payload() request: SetActiveOrganizationRequest): Promise<SessionAndUser | null> {
    return this.commands.execute(new SetActiveOrganizationCommand(request));
  }

  @MessagePattern(SessionRpc.userChanged.subject)
  userChanged(@Payload() request: UserChangedRequest): Promise<UserView> {
    return this.commands.execute(new FollowUserChangeCommand(request));
  }

  @MessagePattern(SessionRpc.refreshUser.subject)
  async refreshUser(@Payload() request: RefreshUserRequest): Promise<{ status: true }> {
    await this.users.expectChange(request.userId);
    return { status: true };
  }
}
