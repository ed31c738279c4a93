import { loadedAtVersion, projectedRow, randomString } from '@authsvc/platform';
import type { InviteMemberRequest, InvitationView } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DomainError, OrganizationErrors } from '@authsvc/errors';
import { Inject } from '@nestjs/common';
import { ORGANIZATION_CONFIG, type OrganizationConfig } from '../../organization.config.js';
import { OrganizationStream } from '../../kernel/organization-stream.js';
import { decideInviteMember, type InviteMember, type InviteState } from '../invitation.decider.js';
import { InvitationEntity } from '../../kernel/read-models/invitation.entity.js';
import { InvitationStates } from '../invitation-states.js';
import { invitationViewProjection } from '../../kernel/read-models/invitation-view.projection.js';
import { invitationRules } from '../invitation-rules.js';
import { toInvitationView } from '../../kernel/views/invitation-view.mapper.js';

export class InviteMemberCommand extends Command<InvitationView> {
  constructor(readonly request: InviteMemberRequest) {
    super();
  }
}

@CommandHandler(InviteMemberCommand)
export class InviteMemberHandler implements ICommandHandler<InviteMemberCommand, InvitationView> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly states: InvitationStates,
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
    // A resend changes the pending invitation: the row it started from.
    let pending: InvitationEntity | null = null;
    const [recorded] = await this.organizations.execute<InviteState>(organizationId, {
      state: loadedAtVersion(async () => {
        const loaded = await this.states.invite(organizationId, command);
        pending = loaded.state.pending as InvitationEntity | null;
        return loaded;
      }),
      decide: (state) => decideInviteMember(command, state, invitationRules(this.config)),
      context: { correlationId: request.correlationId, actorId: request.userId, now },
    });
    // The row as the append wrote it, without reading it back.
    return toInvitationView(projectedRow(invitationViewProjection, [recorded], pending)!);
  }
}
