import {
  CreateTeamBody,
  ListTeamMembersParams,
  ListTeamsParams,
  ListUserTeamsParams,
  RemoveTeamBody,
  SetActiveTeamBody,
  TeamMemberBody,
  TeamRpc,
  UpdateTeamBody,
  type TeamMemberView,
  type TeamView,
} from '@authsvc/contracts';
import { Body, Get, HttpCode, Post, Query, Req, Res } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';
import { asOrganizationCaller } from './organization-caller.js';
import { OrganizationSessionFlows } from './organization-session-flows.js';

/**
 * Teams and their members. The service's requests name the caller `userId`, so the user a body or query names
 * travels as `targetUserId`.
 */
@AuthController()
export class TeamController {
  constructor(
    private readonly services: ServiceClient,
    private readonly flows: OrganizationSessionFlows,
  ) {}

  @Post('organization/create-team')
  @HttpCode(200)
  @WithSession()
  create(@Body() body: CreateTeamBody, @Caller() caller: SignedInCaller): Promise<TeamView> {
    return this.services.call(TeamRpc.create, { ...body, ...asOrganizationCaller(caller) });
  }

  @Get('organization/list-teams')
  @WithSession()
  list(@Query() query: ListTeamsParams, @Caller() caller: SignedInCaller): Promise<TeamView[]> {
    return this.services.call(TeamRpc.list, { ...query, ...asOrganizationCaller(caller) });
  }

  @Post('organization/update-team')
  @HttpCode(200)
  @WithSession()
  update(@Body() body: UpdateTeamBody, @Caller() caller: SignedInCaller): Promise<TeamView> {
    return this.services.call(TeamRpc.update, { ...body, ...asOrganizationCaller(caller) });
  }

  @Post('organization/remove-team')
  @HttpCode(200)
  @WithSession()
  remove(@Body() body: RemoveTeamBody, @Caller() caller: SignedInCaller): Promise<{ message: string }> {
    return this.services.call(TeamRpc.remove, { ...body, ...asOrganizationCaller(caller) });
  }

  /** `null` is written here: Nest would send an empty body. */
  @Post('organization/set-active-team')
  @WithSession()
  async setActive(
    @Body() body: SetActiveTeamBody,
    @Caller() caller: SignedInCaller,
    @Req() request: FastifyRequest,
    @Res() response: FastifyReply,
  ): Promise<void> {
    response.code(200).send(await this.flows.setActiveTeam(body, caller, request, response));
  }

  @Get('organization/list-user-teams')
  @WithSession()
  listForUser(@Query() query: ListUserTeamsParams, @Caller() caller: SignedInCaller): Promise<TeamView[]> {
    const { userId, organizationId } = query;
    return this.services.call(TeamRpc.listForUser, {
      targetUserId: userId,
      organizationId,
      ...asOrganizationCaller(caller),
    });
  }

  @Get('organization/list-team-members')
  @WithSession()
  listMembers(@Query() query: ListTeamMembersParams, @Caller() caller: SignedInCaller): Promise<TeamMemberView[]> {
    return this.services.call(TeamRpc.listMembers, { ...query, ...asOrganizationCaller(caller) });
  }

  @Post('organization/add-team-member')
  @HttpCode(200)
  @WithSession()
  addMember(@Body() body: TeamMemberBody, @Caller() caller: SignedInCaller): Promise<TeamMemberView> {
    const { teamId, userId, organizationId } = body;
    return this.services.call(TeamRpc.addMember, {
      teamId,
      targetUserId: userId,
      organizationId,
      ...asOrganizationCaller(caller),
    });
  }

  @Post('organization/remove-team-member')
  @HttpCode(200)
  @WithSession()
  removeMember(@Body() body: TeamMemberBody, @Caller() caller: SignedInCaller): Promise<{ message: string }> {
    const { teamId, userId, organizationId } = body;
    return this.services.call(TeamRpc.removeMember, {
      teamId,
      targetUserId: userId,
      organizationId,
      ...asOrganizationCaller(caller),
    });
  }
}
