import { isDevelopment } from '@authsvc/config';
import { userSnapshotsProviders } from '@authsvc/identity-users';
import { EventStore, type ServiceRuntime } from '@authsvc/platform';
import { Module, type DynamicModule } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import type { Redis } from 'ioredis';
import { DataSource } from 'typeorm';
import { AuditModule } from './audit/audit.module.js';
import { AcceptInvitationHandler } from './invitation/commands/accept-invitation.handler.js';
import { CancelInvitationHandler } from './invitation/commands/cancel-invitation.handler.js';
import { InviteMemberHandler } from './invitation/commands/invite-member.handler.js';
import { RejectInvitationHandler } from './invitation/commands/reject-invitation.handler.js';
import { InvitationExpirySweep } from './invitation/invitation-expiry-sweep.js';
import { InvitationReads } from './kernel/reads/invitation-reads.js';
import { InvitationStates } from './invitation/invitation-states.js';
import { InvitationNatsController } from './invitation/invitation.nats-controller.js';
import { GetInvitationHandler } from './invitation/queries/get-invitation.handler.js';
import { ListInvitationsHandler } from './invitation/queries/list-invitations.handler.js';
import { ListUserInvitationsHandler } from './invitation/queries/list-user-invitations.handler.js';
import { AddMemberHandler } from './member/commands/add-member.handler.js';
import { EndUserMembershipsHandler } from './member/commands/end-user-memberships.handler.js';
import { LeaveOrganizationHandler } from './member/commands/leave-organization.handler.js';
import { RemoveMemberHandler } from './member/commands/remove-member.handler.js';
import { UpdateMemberRoleHandler } from './member/commands/update-member-role.handler.js';
import { MemberReadModelWriter } from './kernel/read-models/member-read-model-writer.js';
import { MemberReads } from './kernel/reads/member-reads.js';
import { MemberNatsController } from './member/member.nats-controller.js';
import { GetActiveMemberRoleHandler } from './member/queries/get-active-member-role.handler.js';
import { GetActiveMemberHandler } from './member/queries/get-active-member.handler.js';
import { HasPermissionHandler } from './member/queries/has-permission.handler.js';
import { ListMembersHandler } from './member/queries/list-members.handler.js';
import { ORGANIZATION_CONFIG, type OrganizationConfig } from './organization.config.js';
import { CreateOrganizationHandler } from './organization/commands/create-organization.handler.js';
import { DeleteOrganizationHandler } from './organization/commands/delete-organization.handler.js';
import { UpdateOrganizationHandler } from './organization/commands/update-organization.handler.js';
import { OrganizationReads } from './kernel/reads/organization-reads.js';
import { OrganizationStream } from './kernel/organization-stream.js';
import { OrganizationNatsController } from './organization/organization.nats-controller.js';
import { CheckSlugHandler } from './organization/queries/check-slug.handler.js';
import { GetFullOrganizationHandler } from './organization/queries/get-full-organization.handler.js';
import { GetOrganizationHandler } from './organization/queries/get-organization.handler.js';
import { ListOrganizationsHandler } from './organization/queries/list-organizations.handler.js';
import { IdentityEventsNatsController } from './user-profile/identity-events.nats-controller.js';
import { UserProfileEntity } from './user-profile/user-profile.entity.js';
import { AddTeamMemberHandler } from './team/commands/add-team-member.handler.js';
import { CreateTeamHandler } from './team/commands/create-team.handler.js';
import { RemoveTeamMemberHandler } from './team/commands/remove-team-member.handler.js';
import { RemoveTeamHandler } from './team/commands/remove-team.handler.js';
import { UpdateTeamHandler } from './team/commands/update-team.handler.js';
import { CheckActiveTeamHandler } from './team/queries/check-active-team.handler.js';
import { ListTeamMembersHandler } from './team/queries/list-team-members.handler.js';
import { ListTeamsHandler } from './team/queries/list-teams.handler.js';
import { ListUserTeamsHandler } from './team/queries/list-user-teams.handler.js';
import { TeamReads } from './kernel/reads/team-reads.js';
import { TeamNatsController } from './team/team.nats-controller.js';
import { WebhookDeliveries } from './webhook/webhook-deliveries.js';
import { WebhookManagement } from './webhook/webhook-management.js';
import { WebhookRegistry } from './webhook/webhook-registry.js';
import { WebhookSender } from './webhook/webhook-sender.js';
import { WebhookNatsController } from './webhook/webhook.nats-controller.js';

@Module({})
export class OrganizationModule {
  static forRuntime(runtime: ServiceRuntime & { redis: Redis }, config: OrganizationConfig): DynamicModule {
    const development = isDevelopment(config);
    const webhooks = new WebhookRegistry(runtime.dataSource, runtime.vault);
    const deliveries = new WebhookDeliveries(runtime.dataSource);
    return {
      module: OrganizationModule,
      imports: [CqrsModule.forRoot(), AuditModule.forRuntime(runtime)],
      controllers: [
        OrganizationNatsController,
        MemberNatsController,
        InvitationNatsController,
        TeamNatsController,
        IdentityEventsNatsController,
        WebhookNatsController,
      ],
      providers: [
        { provide: ORGANIZATION_CONFIG, useValue: config },
        { provide: EventStore, useValue: runtime.store },
        { provide: DataSource, useValue: runtime.dataSource },
        // organization/: the stream every organization event goes to, and the read models' lookups
        OrganizationStream,
        OrganizationReads,
        // organization/commands/
        CreateOrganizationHandler,
        UpdateOrganizationHandler,
        DeleteOrganizationHandler,
        // organization/queries/
        CheckSlugHandler,
        GetOrganizationHandler,
        GetFullOrganizationHandler,
        ListOrganizationsHandler,
        // user-profile/: the copy of identity's users that member reads carry the user from
        ...userSnapshotsProviders(runtime, config.rpcBudget, UserProfileEntity),
        // member/: the member lookups, and the published member read model the gateways read
        MemberReads,
        { provide: MemberReadModelWriter, useValue: new MemberReadModelWriter(runtime.redis, runtime.dataSource) },
        // member/commands/
        AddMemberHandler,
        RemoveMemberHandler,
        UpdateMemberRoleHandler,
        LeaveOrganizationHandler,
        EndUserMembershipsHandler,
        // member/queries/
        GetActiveMemberHandler,
        GetActiveMemberRoleHandler,
        ListMembersHandler,
        HasPermissionHandler,
        // team/: the teams read models' lookups
        TeamReads,
        // team/commands/
        CreateTeamHandler,
        UpdateTeamHandler,
        RemoveTeamHandler,
        AddTeamMemberHandler,
        RemoveTeamMemberHandler,
        // team/queries/
        ListTeamsHandler,
        CheckActiveTeamHandler,
        ListUserTeamsHandler,
        ListTeamMembersHandler,
        // invitation/: the lookups, and the sweep recording expiries
        InvitationReads,
        InvitationStates,
        {
          provide: InvitationExpirySweep,
          inject: [OrganizationStream, InvitationReads],
          useFactory: (organizations: OrganizationStream, invitations: InvitationReads) =>
            new InvitationExpirySweep(organizations, invitations, runtime.logger, config.INVITATION_SWEEP_INTERVAL_MS),
        },
        // invitation/commands/
        InviteMemberHandler,
        AcceptInvitationHandler,
        RejectInvitationHandler,
        CancelInvitationHandler,
        // invitation/queries/
        GetInvitationHandler,
        ListInvitationsHandler,
        ListUserInvitationsHandler,
        // webhook/: the registrations, the delivery queue and its sender
        { provide: WebhookRegistry, useValue: webhooks },
        { provide: WebhookDeliveries, useValue: deliveries },
        {
          provide: WebhookManagement,
          inject: [OrganizationReads],
          useFactory: (reads: OrganizationReads) => new WebhookManagement(reads, webhooks, deliveries, development),
        },
        {
          provide: WebhookSender,
          useValue: new WebhookSender(runtime.dataSource, deliveries, webhooks, development, runtime.logger),
        },
      ],
    };
  }
}
