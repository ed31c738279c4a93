import type { RejectedInvitationView } from '@authsvc/contracts';
import { DomainError, OrganizationErrors, withMessage } from '@authsvc/errors';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OrganizationStream } from '../../organization/organization-stream.js';
import { decideRejectInvitation, type InvitationFacts } from '../invitation.decider.js';
import { InvitationReads } from '../invitation-reads.js';
import { toInvitationView } from '../invitation-view.mapper.js';
import { RejectInvitationCommand } from './reject-invitation.command.js';

@CommandHandler(RejectInvitationCommand)
export class RejectInvitationHandler implements ICommandHandler<RejectInvitationCommand, RejectedInvitationView> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly invitations: InvitationReads,
  ) {}

  async execute({ request }: RejectInvitationCommand): Promise<RejectedInvitationView> {
    const { invitationId, userId } = request;
    const found = await this.invitations.invitation(invitationId);
    if (!found) throw new DomainError(withMessage(OrganizationErrors.INVITATION_NOT_FOUND, 'Invitation not found!'));
    const now = new Date();
    await this.organizations.execute<{ invitation: InvitationFacts | null }>(found.organizationId, {
      load: async () => ({ invitation: await this.invitations.invitation(invitationId) }),
      decide: (state) => decideRejectInvitation({ userId, email: request.userEmail, now }, state),
      context: { correlationId: request.correlationId, actorId: userId, now },
    });
    return { invitation: toInvitationView((await this.invitations.invitation(invitationId))!), member: null };
  }
}
