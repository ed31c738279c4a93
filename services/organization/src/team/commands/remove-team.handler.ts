import { loadedFromRows } from '@authsvc/platform';
import type { RemoveTeamRequest } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { ORGANIZATION_CONFIG, type OrganizationConfig } from '../../organization.config.js';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';
import { OrganizationStream } from '../../kernel/organization-stream.js';
import { decideRemoveTeam, type TeamRemovalState } from '../team.decider.js';
import { TeamReads } from '../../kernel/reads/team-reads.js';
import { teamRules } from '../team-rules.js';
import { requestedOrganization } from '../../kernel/requested-organization.js';

export class RemoveTeamCommand extends Command<{ message: string }> {
  constructor(readonly request: RemoveTeamRequest) {
    super();
  }
}

@CommandHandler(RemoveTeamCommand)
export class RemoveTeamHandler implements ICommandHandler<RemoveTeamCommand, { message: string }> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly reads: OrganizationReads,
    private readonly teams: TeamReads,
    @Inject(ORGANIZATION_CONFIG) private readonly config: OrganizationConfig,
  ) {}

  async execute({ request }: RemoveTeamCommand): Promise<{ message: string }> {
    const organizationId = requestedOrganization(request.organizationId, request.activeOrganizationId);
    const now = new Date();
    const command = { organizationId, teamId: request.teamId, activeTeamId: request.activeTeamId, now };
    await this.organizations.execute<TeamRemovalState>(organizationId, {
      state: loadedFromRows(async () => {
        const [caller, team, teamCount] = await Promise.all([
          this.reads.membership(organizationId, request.userId),
          this.teams.withMembers(organizationId, request.teamId),
          this.teams.teamCount(organizationId),
        ]);
        return { caller, team, teamCount };
      }),
      decide: (state) => decideRemoveTeam(command, state, teamRules(this.config)),
      context: { correlationId: request.correlationId, actorId: request.userId, now },
    });
    return { message: 'Team removed successfully.' };
  }
}
