import { loadedFromRows } from '@authsvc/platform';
import type { CancelInvitationRequest, InvitationView } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';
import { OrganizationStream } from '../../kernel/organization-stream.js';
import { decideCancelInvitation, type CancelState } from '../invitation.decider.js';
import { InvitationReads } from '../../kernel/reads/invitation-reads.js';
import { toInvitationView } from '../../kernel/views/invitation-view.mapper.js';

export class CancelInvitationCommand extends Command<InvitationView> {
  constructor(readonly request: CancelInvitationRequest) {
    super();
  }
}

@CommandHandler(CancelInvitationCommand)
export class CancelInvitationHandler implements ICommandHandler<CancelInvitationCommand, InvitationView> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly reads: OrganizationReads,
    private readonly invitations: InvitationReads,
  ) {}

  async execute({ request }: CancelInvitationCommand): Promise<InvitationView> {
    const { invitationId, userId } = request;
    const found = await this.invitations.invitation(invitationId);
    if (!found) throw new DomainError(OrganizationErrors.INVITATION_NOT_FOUND);
    const { organizationId } = found;
    const now = new Date();
    await this.organizations.execute<CancelState>(organizationId, {
      state: loadedFromRows(async () => {
        const [invitation, caller] = await Promise.all([
          this.invitations.invitation(invitationId),
          this.reads.membership(organizationId, userId),
        ]);
        return { invitation, caller };
      }),
      decide: (state) => decideCancelInvitation({ now }, state),
      context: { correlationId: request.correlationId, actorId: userId, now },
    });
    return toInvitationView((await this.invitations.invitation(invitationId))!);
  }
}
