import {
  AddMemberRequest,
  GetActiveMemberRoleRequest,
  HasPermissionRequest,
  LeaveOrganizationRequest,
  ListMembersRequest,
  MemberRpc,
  OrganizationCallerRequest,
  OrganizationConsumers,
  RemoveMemberRequest,
  UpdateMemberRoleRequest,
  type MemberListView,
  type MemberRoleView,
  type MemberView,
  type MemberWithUserView,
  type PermissionCheckView,
  type PublishedEvent,
  type RemovedMemberView,
} from '@authsvc/contracts';
import { JetStreamConsumer } from '@authsvc/platform';
import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AddMemberCommand } from './commands/add-member.handler.js';
import { LeaveOrganizationCommand } from './commands/leave-organization.handler.js';
import { RemoveMemberCommand } from './commands/remove-member.handler.js';
import { UpdateMemberRoleCommand } from './commands/update-member-role.handler.js';
import { MemberReadModelWriter } from '../kernel/read-models/member-read-model-writer.js';
import { membershipChanges } from '../kernel/read-models/membership-changes.js';
import { GetActiveMemberRoleQuery } from './queries/get-active-member-role.handler.js';
import { GetActiveMemberQuery } from './queries/get-active-member.handler.js';
import { HasPermissionQuery } from './queries/has-permission.handler.js';
import { ListMembersQuery } from './queries/list-members.handler.js';

@Controller()
export class MemberNatsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
    private readonly memberReadModel: MemberReadModelWriter,
  ) {}

  @MessagePattern(MemberRpc.add.subject)
  add(@Payload() request: AddMemberRequest): Promise<MemberView> {
    return this.commands.execute(new AddMemberCommand(request));
  }

  @MessagePattern(MemberRpc.remove.subject)
  remove(@Payload() request: RemoveMemberRequest): Promise<RemovedMemberView> {
    return this.commands.execute(new RemoveMemberCommand(request));
  }

  @MessagePattern(MemberRpc.updateRole.subject)
  updateRole(@Payload() request: UpdateMemberRoleRequest): Promise<MemberView> {
    return this.commands.execute(new UpdateMemberRoleCommand(request));
  }

  @MessagePattern(MemberRpc.leave.subject)
  leave(@Payload() request: LeaveOrganizationRequest): Promise<MemberWithUserView> {
    return this.commands.execute(new LeaveOrganizationCommand(request));
  }

  @MessagePattern(MemberRpc.getActive.subject)
  getActive(@Payload() request: OrganizationCallerRequest): Promise<MemberWithUserView> {
    return this.queries.execute(new GetActiveMemberQuery(request));
  }

  @MessagePattern(MemberRpc.getActiveRole.subject)
  getActiveRole(@Payload() request: GetActiveMemberRoleRequest): Promise<MemberRoleView> {
    return this.queries.execute(new GetActiveMemberRoleQuery(request));
  }

  @MessagePattern(MemberRpc.list.subject)
  list(@Payload() request: ListMembersRequest): Promise<MemberListView> {
    return this.queries.execute(new ListMembersQuery(request));
  }

  @MessagePattern(MemberRpc.hasPermission.subject)
  hasPermission(@Payload() request: HasPermissionRequest): Promise<PermissionCheckView> {
    return this.queries.execute(new HasPermissionQuery(request));
  }

  /**
   * The membership events again, at least once: an entry that does not show the change yet is written from its
   * row, which heals an entry the command could not write before it answered (Redis away, or the process killed
   * in between).
   */
  @JetStreamConsumer(OrganizationConsumers.memberReadModel)
  membershipChanged(event: PublishedEvent): Promise<void> {
    return this.memberReadModel.repair(membershipChanges([event]));
  }
}
