import type { OrganizationView } from '@authsvc/contracts';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ORGANIZATION_CONFIG, type OrganizationConfig } from '../../organization.config.js';
import { decideDeleteOrganization, type DeletionState } from '../organization.decider.js';
import { OrganizationReads } from '../organization-reads.js';
import { OrganizationStream } from '../organization-stream.js';
import { organizationRules } from '../organization-rules.js';
import { toOrganizationView } from '../organization-view.mapper.js';
import type { OrganizationEntity } from '../organization.entity.js';
import { TeamReads } from '../../team/team-reads.js';
import { DeleteOrganizationCommand } from './delete-organization.command.js';

@CommandHandler(DeleteOrganizationCommand)
export class DeleteOrganizationHandler implements ICommandHandler<DeleteOrganizationCommand, OrganizationView> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly reads: OrganizationReads,
    private readonly teams: TeamReads,
    @Inject(ORGANIZATION_CONFIG) private readonly config: OrganizationConfig,
  ) {}

  async execute({ request }: DeleteOrganizationCommand): Promise<OrganizationView> {
    const { organizationId, userId } = request;
    const now = new Date();
    let deleted: OrganizationEntity | null = null;
    await this.organizations.execute<DeletionState>(organizationId, {
      load: async () => {
        const { organization, caller } = await this.reads.withCaller(organizationId, userId);
        deleted = organization;
        if (!caller) return { organization, caller, members: [], pendingInvitationIds: [], teams: [] };
        const [members, teams] = await Promise.all([
          this.reads.members(organizationId),
          this.teams.allWithMembers(organizationId),
        ]);
        // The invitations arrive with their read model.
        return { organization, caller, members, pendingInvitationIds: [], teams };
      },
      decide: (state) => decideDeleteOrganization({ now }, state, organizationRules(this.config)),
      context: { correlationId: request.correlationId, actorId: userId, now },
    });
    return toOrganizationView(deleted!);
  }
}
