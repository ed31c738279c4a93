import { loadedAtVersion, projectedRow, randomString, type StateAtVersion } from '@authsvc/platform';
import type { AcceptInvitationRequest, AcceptedInvitationView } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { UserSnapshots } from '@authsvc/identity-users';
import { Inject } from '@nestjs/common';
import { MEMBERS_ORGANIZATION_USER_UNIQUE } from '../../kernel/read-models/member.entity.js';
import { memberViewProjection } from '../../kernel/read-models/member-view.projection.js';
import { ORGANIZATION_CONFIG, type OrganizationConfig } from '../../organization.config.js';
import { OrganizationStream } from '../../kernel/organization-stream.js';
import { toMemberView } from '../../kernel/views/organization-view.mapper.js';
import { InvitationEntity } from '../../kernel/read-models/invitation.entity.js';
import { InvitationStates } from '../invitation-states.js';
import { invitationViewProjection } from '../../kernel/read-models/invitation-view.projection.js';
import { invitationRules } from '../invitation-rules.js';
import { toInvitationView } from '../../kernel/views/invitation-view.mapper.js';
import { decideAcceptInvitation, type AcceptInvitation, type AcceptState } from '../invitation-answer.decider.js';

export class AcceptInvitationCommand extends Command<AcceptedInvitationView> {
  constructor(readonly request: AcceptInvitationRequest) {
    super();
  }
}

@CommandHandler(AcceptInvitationCommand)
export class AcceptInvitationHandler implements ICommandHandler<AcceptInvitationCommand, AcceptedInvitationView> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly states: InvitationStates,
    private readonly users: UserSnapshots,
    @Inject(ORGANIZATION_CONFIG) private readonly config: OrganizationConfig,
  ) {}

  async execute({ request }: AcceptInvitationCommand): Promise<AcceptedInvitationView> {
    const { invitationId, userId } = request;
    const read = await this.states.accept(invitationId, userId);
    const organizationId = read.state.invitation?.organizationId;
    if (!organizationId) throw new DomainError(OrganizationErrors.INVITATION_NOT_FOUND);
    // Member reads carry the user from the service's copy, which a user who signed up a moment ago may not be in
    // yet (their registration event still on its way): identity is asked now, as on create and add-member.
    if (!read.profileKnown) await this.users.view(userId, request.correlationId);
    const now = new Date();
    const command: AcceptInvitation = {
      userId,
      email: request.userEmail,
      emailVerified: request.userEmailVerified,
      memberId: randomString(),
      teamMemberId: randomString(),
      now,
    };
    // The first decision is made on the state read above, outside the organization's queue. That is safe: the
    // append expects the version the state was read at, so a stream that moved on since makes it fail and the
    // decision is made again on a fresh read. The version keeps decisions correct; the queue only saves lost races.
    let firstRead: StateAtVersion<AcceptState> | null = read;
    let before: InvitationEntity | null = null;
    const recorded = await this.organizations.execute<AcceptState>(organizationId, {
      state: loadedAtVersion(async () => {
        const loaded = firstRead ?? (await this.states.accept(invitationId, userId));
        firstRead = null;
        before = loaded.state.invitation as InvitationEntity | null;
        return loaded;
      }),
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
