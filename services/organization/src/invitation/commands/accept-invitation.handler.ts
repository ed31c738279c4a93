import type { AcceptedInvitationView } from '@authsvc/contracts';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { projectedRow, randomString, UserSnapshots } from '@authsvc/platform';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { MEMBERS_ORGANIZATION_USER_UNIQUE } from '../../member/member.entity.js';
import { memberViewProjection } from '../../member/projections/member-view.projection.js';
import { ORGANIZATION_CONFIG, type OrganizationConfig } from '../../organization.config.js';
import { OrganizationStream } from '../../organization/organization-stream.js';
import { toMemberView } from '../../organization/organization-view.mapper.js';
import { decideAcceptInvitation, type AcceptInvitation, type AcceptState } from '../invitation.decider.js';
import { InvitationEntity } from '../invitation.entity.js';
import { InvitationReads } from '../invitation-reads.js';
import { InvitationStates } from '../invitation-states.js';
import { invitationViewProjection } from '../projections/invitation-view.projection.js';
import { invitationRules } from '../invitation-rules.js';
import { toInvitationView } from '../invitation-view.mapper.js';
import { AcceptInvitationCommand } from './accept-invitation.command.js';

@CommandHandler(AcceptInvitationCommand)
export class AcceptInvitationHandler implements ICommandHandler<AcceptInvitationCommand, AcceptedInvitationView> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly invitations: InvitationReads,
    private readonly states: InvitationStates,
    private readonly users: UserSnapshots,
    @Inject(ORGANIZATION_CONFIG) private readonly config: OrganizationConfig,
  ) {}

  async execute({ request }: AcceptInvitationCommand): Promise<AcceptedInvitationView> {
    const { invitationId, userId } = request;
    // Member reads carry the user from the service's copy, which a user who signed up a moment ago may not be in
    // yet (their registration event still on its way): identity is asked now, as on create and add-member.
    const { organizationId, profileKnown } = await this.invitations.organizationOf(invitationId, userId);
    if (!profileKnown) await this.users.view(userId, request.correlationId);
    if (!organizationId) throw new DomainError(OrganizationErrors.INVITATION_NOT_FOUND);
    const now = new Date();
    const command: AcceptInvitation = {
      userId,
      email: request.userEmail,
      memberId: randomString(),
      teamMemberId: randomString(),
      now,
    };
    let before: InvitationEntity | null = null;
    const recorded = await this.organizations.execute<AcceptState>(organizationId, {
      loadAtVersion: async (streamId) => {
        const loaded = await this.states.accept(streamId, invitationId, userId);
        before = loaded.state.invitation as InvitationEntity | null;
        return loaded;
      },
      decide: (state) => decideAcceptInvitation(command, state, invitationRules(this.config)),
      context: { correlationId: request.correlationId, actorId: userId, now },
      uniqueViolations: {
        [MEMBERS_ORGANIZATION_USER_UNIQUE]: OrganizationErrors.USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION,
      },
    });
    // The rows as the append wrote them, without reading them back.
    const invitation = projectedRow(invitationViewProjection, recorded, before)!;
    const member = projectedRow(memberViewProjection, recorded)!;
    return { invitation: toInvitationView(invitation), member: toMemberView(member) };
  }
}
