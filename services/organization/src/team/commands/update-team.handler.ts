import { loadedFromRows } from '@authsvc/platform';
import type { UpdateTeamRequest, TeamView } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';
import { OrganizationStream } from '../../kernel/organization-stream.js';
import { decideUpdateTeam, type TeamChangeState } from '../team.decider.js';
import { TeamReads } from '../../kernel/reads/team-reads.js';
import { toTeamView } from '../../kernel/views/team-view.mapper.js';
import { requestedOrganization } from '../../kernel/requested-organization.js';

export class UpdateTeamCommand extends Command<TeamView> {
  constructor(readonly request: UpdateTeamRequest) {
    super();
  }
}

@CommandHandler(UpdateTeamCommand)
export class UpdateTeamHandler implements ICommandHandler<UpdateTeamCommand, TeamView> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly reads: OrganizationReads,
    private readonly teams: TeamReads,
  ) {}

  async execute({ request }: UpdateTeamCommand): Promise<TeamView> {
    const organizationId = requestedOrganization(request.data.organizationId, request.activeOrganizationId);
    const now = new Date();
    await this.organizations.execute<TeamChangeState>(organizationId, {
      state: loadedFromRows(async () => {
        const [caller, team] = await Promise.all([
          this.reads.membership(organizationId, request.userId),
          this.teams.team(organizationId, request.teamId),
        ]);
        return { caller, team };
      }),
      decide: (state) => decideUpdateTeam({ name: request.data.name, now }, state),
      context: { correlationId: request.correlationId, actorId: request.userId, now },
    });
    return toTeamView((await this.teams.team(organizationId, request.teamId))!);
  }
}
