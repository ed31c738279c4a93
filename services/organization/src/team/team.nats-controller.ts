import {
  CreateTeamRequest,
  ListTeamMembersRequest,
  ListTeamsRequest,
  ListUserTeamsRequest,
  RemoveTeamRequest,
  SetActiveTeamRequest,
  TeamMemberRequest,
  TeamRpc,
  UpdateTeamRequest,
  type TeamMemberView,
  type TeamView,
} from '@authsvc/contracts';
import { Controller, UseGuards } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AddTeamMemberCommand } from './commands/add-team-member.handler.js';
import { CreateTeamCommand } from './commands/create-team.handler.js';
import { RemoveTeamMemberCommand } from './commands/remove-team-member.handler.js';
import { RemoveTeamCommand } from './commands/remove-team.handler.js';
import { UpdateTeamCommand } from './commands/update-team.handler.js';
import { CheckActiveTeamQuery } from './queries/check-active-team.handler.js';
import { ListTeamMembersQuery } from './queries/list-team-members.handler.js';
import { ListTeamsQuery } from './queries/list-teams.handler.js';
import { ListUserTeamsQuery } from './queries/list-user-teams.handler.js';
import { TeamsEnabledGuard } from './teams-enabled.guard.js';

@Controller()
@UseGuards(TeamsEnabledGuard)
export class TeamNatsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @MessagePattern(TeamRpc.create.subject)
  create(@Payload() request: CreateTeamRequest): Promise<TeamView> {
    return this.commands.execute(new CreateTeamCommand(request));
  }

  @MessagePattern(TeamRpc.list.subject)
  list(@Payload() request: ListTeamsRequest): Promise<TeamView[]> {
    return this.queries.execute(new ListTeamsQuery(request));
  }

  @MessagePattern(TeamRpc.update.subject)
  update(@Payload() request: UpdateTeamRequest): Promise<TeamView> {
    return this.commands.execute(new UpdateTeamCommand(request));
  }

  @MessagePattern(TeamRpc.remove.subject)
  remove(@Payload() request: RemoveTeamRequest): Promise<{ message: string }> {
    return this.commands.execute(new RemoveTeamCommand(request));
  }

  @MessagePattern(TeamRpc.checkActive.subject)
  checkActive(@Payload() request: SetActiveTeamRequest): Promise<TeamView | null> {
    return this.queries.execute(new CheckActiveTeamQuery(request));
  }

  @MessagePattern(TeamRpc.listForUser.subject)
  listForUser(@Payload() request: ListUserTeamsRequest): Promise<TeamView[]> {
    return this.queries.execute(new ListUserTeamsQuery(request));
  }

  @MessagePattern(TeamRpc.listMembers.subject)
  listMembers(@Payload() request: ListTeamMembersRequest): Promise<TeamMemberView[]> {
    return this.queries.execute(new ListTeamMembersQuery(request));
  }

  @MessagePattern(TeamRpc.addMember.subject)
  addMember(@Payload() request: TeamMemberRequest): Promise<TeamMemberView> {
    return this.commands.execute(new AddTeamMemberCommand(request));
  }

  @MessagePattern(TeamRpc.removeMember.subject)
  removeMember(@Payload() request: TeamMemberRequest): Promise<{ message: string }> {
    return this.commands.execute(new RemoveTeamMemberCommand(request));
  }
}
