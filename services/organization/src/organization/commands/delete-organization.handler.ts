import { loadedFromRows } from '@authsvc/platform';
import type { DeleteOrganizationRequest, OrganizationView } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { InvitationReads } from '../../kernel/reads/invitation-reads.js';
import { ORGANIZATION_CONFIG, type OrganizationConfig } from '../../organization.config.js';
import { decideDeleteOrganization, type DeletionState } from '../organization.decider.js';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';
import { OrganizationStream } from '../../kernel/organization-stream.js';
import { organizationRules } from '../organization-rules.js';
import { toOrganizationView } from '../../kernel/views/organization-view.mapper.js';
import type { OrganizationEntity } from '../../kernel/read-models/organization.entity.js';
import { TeamReads } from '../../kernel/reads/team-reads.js';

export class DeleteOrganizationCommand extends Command<OrganizationView> {
  constructor(readonly request: DeleteOrganizationRequest) {
    super();
  }
}

@CommandHandler(DeleteOrganizationCommand)
export class DeleteOrganizationHandler implements ICommandHandler<DeleteOrganizationCommand, OrganizationView> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly reads: OrganizationReads,
    private readonly invitations: InvitationReads,
    private readonly teams: TeamReads,
    @Inject(ORGANIZATION_CONFIG) private readonly config: OrganizationConfig,
  ) {}

  async execute({ request }: DeleteOrganizationCommand): Promise<OrganizationView> {
    const { organizationId, userId } = request;
    const now = new Date();
    let deleted: OrganizationEntity | null = null;
    await this.organizations.execute<DeletionState>(organizationId, {
      state: loadedFromRows(async () => {
        const { organization, caller } = await this.reads.withCaller(organizationId, userId);
        deleted = organization;
        if (!caller) return { organization, caller, members: [], pendingInvitationIds: [], teams: [] };
        const [members, pendingInvitationIds, teams] = await Promise.all([
          this.reads.members(organizationId),
          this.invitations.pendingIds(organizationId),
          this.teams.allWithMembers(organizationId),
        ]);
        return { organization, caller, members, pendingInvitationIds, teams };
      }),
      decide: (state) => decideDeleteOrganization({ now }, state, organizationRules(this.config)),
      context: { correlationId: request.correlationId, actorId: userId, now },
      // The personal data of its events (who was invited, by whom) is the organization's: it goes with it.
      erasePersonalDataOf: organizationId,
    });
    return toOrganizationView(deleted!);
  }
}
