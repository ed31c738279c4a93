import { loadedFromRows } from '@authsvc/platform';
import type { RejectInvitationRequest, RejectedInvitationView } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, OrganizationErrors, withMessage } from '@authsvc/errors';
import { Inject } from '@nestjs/common';
import { ORGANIZATION_CONFIG, type OrganizationConfig } from '../../organization.config.js';
import { OrganizationStream } from '../../kernel/organization-stream.js';
import type { InvitationFacts } from '../invitation.decider.js';
import { InvitationReads } from '../../kernel/reads/invitation-reads.js';
import { invitationRules } from '../invitation-rules.js';
import { toInvitationView } from '../../kernel/views/invitation-view.mapper.js';
import { decideRejectInvitation } from '../invitation-answer.decider.js';

export class RejectInvitationCommand extends Command<RejectedInvitationView> {
  constructor(readonly request: RejectInvitationRequest) {
    super();
  }
}

@CommandHandler(RejectInvitationCommand)
export class RejectInvitationHandler implements ICommandHandler<RejectInvitationCommand, RejectedInvitationView> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly invitations: InvitationReads,
    @Inject(ORGANIZATION_CONFIG) private readonly config: OrganizationConfig,
  ) {}

  async execute({ request }: RejectInvitationCommand): Promise<RejectedInvitationView> {
    const { invitationId, userId } = request;
    const found = await this.invitations.invitation(invitationId);
    if (!found) throw new DomainError(withMessage(OrganizationErrors.INVITATION_NOT_FOUND, 'Invitation not found!'));
    const now = new Date();
    const answer = { userId, email: request.userEmail, emailVerified: request.userEmailVerified, now };
    await this.organizations.execute<{ invitation: InvitationFacts | null }>(found.organizationId, {
      state: loadedFromRows(async () => ({ invitation: await this.invitations.invitation(invitationId) })),
      decide: (state) => decideRejectInvitation(answer, state, invitationRules(this.config)),
      context: { correlationId: request.correlationId, actorId: userId, now },
    });
    return { invitation: toInvitationView((await this.invitations.invitation(invitationId))!), member: null };
  }
}
