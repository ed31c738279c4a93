import type { AcceptedInvitationView } from '@authsvc/contracts';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { findRow, randomString, UserSnapshots } from '@authsvc/platform';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DataSource } from 'typeorm';
import { MEMBERS_ORGANIZATION_USER_UNIQUE, MemberEntity } from '../../member/member.entity.js';
import { MemberReads } from '../../member/member-reads.js';
import { ORGANIZATION_CONFIG, type OrganizationConfig } from '../../organization.config.js';
import { OrganizationReads } from '../../organization/organization-reads.js';
import { OrganizationStream } from '../../organization/organization-stream.js';
import { toMemberView } from '../../organization/organization-view.mapper.js';
import { decideAcceptInvitation, type AcceptInvitation, type AcceptState } from '../invitation.decider.js';
import { InvitationReads } from '../invitation-reads.js';
import { invitationRules } from '../invitation-rules.js';
import { toInvitationView } from '../invitation-view.mapper.js';
import { AcceptInvitationCommand } from './accept-invitation.command.js';

@CommandHandler(AcceptInvitationCommand)
export class AcceptInvitationHandler implements ICommandHandler<AcceptInvitationCommand, AcceptedInvitationView> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly reads: OrganizationReads,
    private readonly members: MemberReads,
    private readonly invitations: InvitationReads,
    private readonly dataSource: DataSource,
    private readonly users: UserSnapshots,
    @Inject(ORGANIZATION_CONFIG) private readonly config: OrganizationConfig,
  ) {}

  async execute({ request }: AcceptInvitationCommand): Promise<AcceptedInvitationView> {
    const { invitationId, userId } = request;
    // Member reads carry the user from the service's copy, which a user who signed up a moment ago may not be in
    // yet (their registration event still on its way): identity is asked now, as on create and add-member.
    const [found] = await Promise.all([
      this.invitations.invitation(invitationId),
      this.users.view(userId, request.correlationId),
    ]);
    if (!found) throw new DomainError(OrganizationErrors.INVITATION_NOT_FOUND);
    const { organizationId } = found;
    const now = new Date();
    const command: AcceptInvitation = {
      userId,
      email: request.userEmail,
      memberId: randomString(),
      teamMemberId: randomString(),
      now,
    };
    await this.organizations.execute<AcceptState>(organizationId, {
      load: () => this.load(organizationId, invitationId, userId),
      decide: (state) => decideAcceptInvitation(command, state, invitationRules(this.config)),
      context: { correlationId: request.correlationId, actorId: userId, now },
      uniqueViolations: {
        [MEMBERS_ORGANIZATION_USER_UNIQUE]: OrganizationErrors.USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION,
      },
    });
    const [invitation, member] = await Promise.all([
      this.invitations.invitation(invitationId),
      findRow(this.dataSource.manager, MemberEntity, { id: command.memberId }),
    ]);
    return { invitation: toInvitationView(invitation!), member: toMemberView(member!) };
  }

  private async load(organizationId: string, invitationId: string, userId: string): Promise<AcceptState> {
    const invitation = await this.invitations.invitation(invitationId);
    if (!invitation) return { invitation, inviterIsMember: false, inviteeIsMember: false, members: 0, team: null };
    const [inviter, invitee, members, team] = await Promise.all([
      this.reads.membership(organizationId, invitation.inviterId),
      this.reads.membership(organizationId, userId),
      this.members.count(organizationId),
      invitation.teamId === null ? null : this.invitations.teamSeats(organizationId, invitation.teamId),
    ]);
    return { invitation, inviterIsMember: inviter !== null, inviteeIsMember: invitee !== null, members, team };
  }
}
