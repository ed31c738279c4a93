import { loadedFromRows, projectedRow, randomString } from '@authsvc/platform';
import type { CreateTeamRequest, TeamView } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { ORGANIZATION_CONFIG, type OrganizationConfig } from '../../organization.config.js';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';
import { OrganizationStream } from '../../kernel/organization-stream.js';
import { decideCreateTeam, type TeamCreationState } from '../team.decider.js';
import { TeamReads } from '../../kernel/reads/team-reads.js';
import { teamRules } from '../team-rules.js';
import { toTeamView } from '../../kernel/views/team-view.mapper.js';
import { teamViewProjection } from '../../kernel/read-models/team-view.projection.js';
import { requestedOrganization } from '../../kernel/requested-organization.js';

export class CreateTeamCommand extends Command<TeamView> {
  constructor(readonly request: CreateTeamRequest) {
    super();
  }
}

@CommandHandler(CreateTeamCommand)
export class CreateTeamHandler implements ICommandHandler<CreateTeamCommand, TeamView> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly reads: OrganizationReads,
    private readonly teams: TeamReads,
    @Inject(ORGANIZATION_CONFIG) private readonly config: OrganizationConfig,
  ) {}

  async execute({ request }: CreateTeamCommand): Promise<TeamView> {
    const organizationId = requestedOrganization(request.organizationId, request.activeOrganizationId);
    const now = new Date();
    const command = { teamId: randomString(), name: request.name, now };
    const recorded = await this.organizations.execute<TeamCreationState>(organizationId, {
      state: loadedFromRows(async () => {
        const [caller, teamCount] = await Promise.all([
          this.reads.membership(organizationId, request.userId),
          this.teams.teamCount(organizationId),
        ]);
        return { organizationId, caller, teamCount };
      }),
      decide: (state) => decideCreateTeam(command, state, teamRules(this.config)),
      context: { correlationId: request.correlationId, actorId: request.userId, now },
    });
    // The team of the events, not the id made above: a repeated command answers with its first attempt's team.
    const teamId = projectedRow(teamViewProjection, recorded)!.id;
    return toTeamView((await this.teams.team(organizationId, teamId))!);
  }
}
