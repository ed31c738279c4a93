import type { SetActiveTeamRequest, TeamView } from '@authsvc/contracts';
import { Query, QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { activeTeamAsked, requireActiveTeamChoice } from '../team-access.js';
import { TeamReads } from '../../kernel/reads/team-reads.js';
import { toTeamView } from '../../kernel/views/team-view.mapper.js';

export class CheckActiveTeamQuery extends Query<TeamView | null> {
  constructor(readonly request: SetActiveTeamRequest) {
    super();
  }
}

@QueryHandler(CheckActiveTeamQuery)
export class CheckActiveTeamHandler implements IQueryHandler<CheckActiveTeamQuery, TeamView | null> {
  constructor(private readonly teams: TeamReads) {}

  async execute({ request }: CheckActiveTeamQuery): Promise<TeamView | null> {
    const teamId = activeTeamAsked(request.teamId, request.activeTeamId);
    if (teamId === null) return null;
    const { activeOrganizationId } = request;
    const [team, callerInTeam] = activeOrganizationId
      ? await Promise.all([
          this.teams.team(activeOrganizationId, teamId),
          this.teams.teamMember(teamId, request.userId),
        ])
      : [null, null];
    return toTeamView(requireActiveTeamChoice({ activeOrganizationId, team, callerInTeam: callerInTeam !== null }));
  }
}
