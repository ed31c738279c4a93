import { loadedFromRows, randomString } from '@authsvc/platform';
import type { TeamMemberRequest, TeamMemberView } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { Inject } from '@nestjs/common';
import { ORGANIZATION_CONFIG, type OrganizationConfig } from '../../organization.config.js';
import { OrganizationStream } from '../../kernel/organization-stream.js';
import { decideAddTeamMember } from '../team.decider.js';
import { teamRules } from '../team-rules.js';
import { TeamReads } from '../../kernel/reads/team-reads.js';
import { toTeamMemberView } from '../../kernel/views/team-view.mapper.js';
import { requestedOrganization } from '../../kernel/requested-organization.js';
import type { TeamMembershipState } from '../../kernel/organization-facts.js';

export class AddTeamMemberCommand extends Command<TeamMemberView> {
  constructor(readonly request: TeamMemberRequest) {
    super();
  }
}

@CommandHandler(AddTeamMemberCommand)
export class AddTeamMemberHandler implements ICommandHandler<AddTeamMemberCommand, TeamMemberView> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly teams: TeamReads,
    @Inject(ORGANIZATION_CONFIG) private readonly config: OrganizationConfig,
  ) {}

  async execute({ request }: AddTeamMemberCommand): Promise<TeamMemberView> {
    const organizationId = requestedOrganization(request.organizationId, request.activeOrganizationId);
    const now = new Date();
    const { teamId, targetUserId } = request;
    const command = { teamMemberId: randomString(), userId: targetUserId, now };
    await this.organizations.execute<TeamMembershipState>(organizationId, {
      state: loadedFromRows(() =>
        this.teams.membershipChange(organizationId, { teamId, callerId: request.userId, userId: targetUserId }),
      ),
      decide: (state) => decideAddTeamMember(command, state, teamRules(this.config)),
      context: { correlationId: request.correlationId, actorId: request.userId, now },
    });
    return toTeamMemberView((await this.teams.teamMember(teamId, targetUserId))!);
  }
}
