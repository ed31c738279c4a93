import {
  GetActiveMemberRoleQuery,
  HasPermissionBody,
  LeaveOrganizationBody,
  ListMembersQuery,
  MemberRpc,
  RemoveMemberBody,
  UpdateMemberRoleBody,
  type MemberListView,
  type MemberRoleView,
  type MemberView,
  type MemberWithUserView,
  type PermissionCheckView,
  type RemovedMemberView,
} from '@authsvc/contracts';
import { Body, Get, HttpCode, Post, Query } from '@nestjs/common';
import { AuthController } from '../auth/auth-controller.decorator.js';
import { Caller, type SignedInCaller } from '../http/caller.js';
import { WithSession } from '../http/with-session.decorator.js';
import { ServiceClient } from '../rpc/service-client.js';
import { ActiveMember } from './active-member.js';
import { asOrganizationCaller } from './organization-caller.js';
import { OrganizationSessionFlows } from './organization-session-flows.js';

/**
 * Members: remove, change a role, leave, read the caller's membership and role, list, check a permission.
 * Adding a member is server code's (organization.rpc.member.add): no route here, as in the reference. A caller
 * whose membership of their active organization ends here stops naming it before the answer, as on delete;
 * their other sessions follow from the membership event.
 */
@AuthController()
export class MemberController {
  constructor(
    private readonly services: ServiceClient,
    private readonly flows: OrganizationSessionFlows,
    private readonly activeMember: ActiveMember,
  ) {}

  @Post('organization/remove-member')
  @HttpCode(200)
  @WithSession()
  remove(@Body() body: RemoveMemberBody, @Caller() caller: SignedInCaller): Promise<RemovedMemberView> {
    return this.flows.removeMember(body, caller);
  }

  @Post('organization/update-member-role')
  @HttpCode(200)
  @WithSession()
  updateRole(@Body() body: UpdateMemberRoleBody, @Caller() caller: SignedInCaller): Promise<MemberView> {
    return this.services.call(MemberRpc.updateRole, { ...body, ...asOrganizationCaller(caller) });
  }

  @Post('organization/leave')
  @HttpCode(200)
  @WithSession()
  leave(@Body() body: LeaveOrganizationBody, @Caller() caller: SignedInCaller): Promise<MemberWithUserView> {
    return this.flows.leave(body, caller);
  }

  @Get('organization/get-active-member')
  @WithSession()
  getActive(@Caller() caller: SignedInCaller): Promise<MemberWithUserView> {
    return this.activeMember.of(caller);
  }

  @Get('organization/get-active-member-role')
  @WithSession()
  getActiveRole(@Query() query: GetActiveMemberRoleQuery, @Caller() caller: SignedInCaller): Promise<MemberRoleView> {
    return this.activeMember.roleOf(caller, query);
  }

  @Get('organization/list-members')
  @WithSession()
  list(@Query() query: ListMembersQuery, @Caller() caller: SignedInCaller): Promise<MemberListView> {
    return this.services.call(MemberRpc.list, { ...query, ...asOrganizationCaller(caller) });
  }

  @Post('organization/has-permission')
  @HttpCode(200)
  @WithSession()
  hasPermission(@Body() body: HasPermissionBody, @Caller() caller: SignedInCaller): Promise<PermissionCheckView> {
    return this.services.call(MemberRpc.hasPermission, { ...body, ...asOrganizationCaller(caller) });
  }
}
