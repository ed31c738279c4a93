import {
  AcceptInvitationRequest,
  CancelInvitationRequest,
  GetInvitationRequest,
  InvitationRpc,
  InviteMemberRequest,
  ListInvitationsRequest,
  ListUserInvitationsRequest,
  RejectInvitationRequest,
  type AcceptedInvitationView,
  type InvitationDetailsView,
  type InvitationView,
  type RejectedInvitationView,
  type UserInvitationView,
} from '@authsvc/contracts';
import { Controller } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { AcceptInvitationCommand } from './commands/accept-invitation.handler.js';
import { CancelInvitationCommand } from './commands/cancel-invitation.handler.js';
import { InviteMemberCommand } from './commands/invite-member.handler.js';
import { RejectInvitationCommand } from './commands/reject-invitation.handler.js';
import { GetInvitationQuery } from './queries/get-invitation.handler.js';
import { ListInvitationsQuery } from './queries/list-invitations.handler.js';
import { ListUserInvitationsQuery } from './queries/list-user-invitations.handler.js';

@Controller()
export class InvitationNatsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @MessagePattern(InvitationRpc.invite.subject)
  invite(@Payload() request: InviteMemberRequest): Promise<InvitationView> {
    return this.commands.execute(new InviteMemberCommand(request));
  }

  @MessagePattern(InvitationRpc.accept.subject)
  accept(@Payload() request: AcceptInvitationRequest): Promise<AcceptedInvitationView> {
    return this.commands.execute(new AcceptInvitationCommand(request));
  }

  @MessagePattern(InvitationRpc.reject.subject)
  reject(@Payload() request: RejectInvitationRequest): Promise<RejectedInvitationView> {
    return this.commands.execute(new RejectInvitationCommand(request));
  }

  @MessagePattern(InvitationRpc.cancel.subject)
  cancel(@Payload() request: CancelInvitationRequest): Promise<InvitationView> {
    return this.commands.execute(new CancelInvitationCommand(request));
  }

  @MessagePattern(InvitationRpc.get.subject)
  get(@Payload() request: GetInvitationRequest): Promise<InvitationDetailsView> {
    return this.queries.execute(new GetInvitationQuery(request));
  }

  @MessagePattern(InvitationRpc.list.subject)
  list(@Payload() request: ListInvitationsRequest): Promise<InvitationView[]> {
    return this.queries.execute(new ListInvitationsQuery(request));
  }

  @MessagePattern(InvitationRpc.listForUser.subject)
  listForUser(@Payload() request: ListUserInvitationsRequest): Promise<UserInvitationView[]> {
    return this.queries.execute(new ListUserInvitationsQuery(request));
  }
}
