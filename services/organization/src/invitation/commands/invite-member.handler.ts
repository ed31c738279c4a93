import type { InvitationView } from '@authsvc/contracts';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { randomString } from '@authsvc/platform';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ORGANIZATION_CONFIG, type OrganizationConfig } from '../../organization.config.js';
import { OrganizationReads } from '../../organization/organization-reads.js';
import { OrganizationStream } from '../../organization/organization-stream.js';
import { decideInviteMember, type InviteMember, type InviteState } from '../invitation.decider.js';
import { InvitationReads } from '../invitation-reads.js';
import { invitationRules } from '../invitation-rules.js';
import { toInvitationView } from '../invitation-view.mapper.js';
import { InviteMemberCommand } from './invite-member.command.js';

@CommandHandler(InviteMemberCommand)
export class InviteMemberHandler implements ICommandHandler<InviteMemberCommand, InvitationView> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly reads: OrganizationReads,
    private readonly invitations: InvitationReads,
    @Inject(ORGANIZATION_CONFIG) private readonly config: OrganizationConfig,
  ) {}

  async execute({ request }: InviteMemberCommand): Promise<InvitationView> {
    const organizationId = request.organizationId ?? request.activeOrganizationId;
    if (!organizationId) throw new DomainError(OrganizationErrors.ORGANIZATION_NOT_FOUND);
    const now = new Date();
    const command: InviteMember = {
      invitationId: randomString(),
      email: request.email,
      role: request.role,
      teamId: request.teamId ?? null,
      resend: request.resend === true,
      inviter: { userId: request.userId, name: request.userName, email: request.userEmail },
      now,
    };
    const [recorded] = await this.organizations.execute<InviteState>(organizationId, {
      load: () => this.load(organizationId, command),
      decide: (state) => decideInviteMember(command, state, invitationRules(this.config)),
      context: { correlationId: request.correlationId, actorId: request.userId, now },
    });
    const { invitationId } = recorded.data as { invitationId: string };
    return toInvitationView((await this.invitations.invitation(invitationId))!);
  }

  private async load(organizationId: string, command: InviteMember): Promise<InviteState> {
    const { organization, caller } = await this.reads.withCaller(organizationId, command.inviter.userId);
    if (!caller) return { organization, caller, inviteeIsMember: false, pending: null, openInvitations: 0, team: null };
    const email = command.email.toLowerCase();
    const [inviteeIsMember, pending, openInvitations, team] = await Promise.all([
      this.invitations.memberWithEmail(organizationId, email),
      this.invitations.pendingTo(organizationId, email),
      this.invitations.openCount(organizationId, command.now),
      command.teamId === null ? null : this.invitations.teamSeats(organizationId, command.teamId),
    ]);
    return { organization, caller, inviteeIsMember, pending, openInvitations, team };
  }
}
