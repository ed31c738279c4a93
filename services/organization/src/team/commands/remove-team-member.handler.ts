import { loadedFromRows } from '@authsvc/platform';
import type { TeamMemberRequest } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OrganizationStream } from '../../kernel/organization-stream.js';
import { decideRemoveTeamMember } from '../team.decider.js';
import { TeamReads } from '../../kernel/reads/team-reads.js';
import { requestedOrganization } from '../../kernel/requested-organization.js';
import type { TeamMembershipState } from '../../kernel/organization-facts.js';

export class RemoveTeamMemberCommand extends Command<{ message: string }> {
  constructor(readonly request: TeamMemberRequest) {
    super();
  }
}

@CommandHandler(RemoveTeamMemberCommand)
export class RemoveTeamMemberHandler implements ICommandHandler<RemoveTeamMemberCommand, { message: string }> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly teams: TeamReads,
  ) {}

  async execute({ request }: RemoveTeamMemberCommand): Promise<{ message: string }> {
    const organizationId = requestedOrganization(request.organizationId, request.activeOrganizationId);
    const { teamId, targetUserId } = request;
    const now = new Date();
    await this.organizations.execute<TeamMembershipState>(organizationId, {
      state: loadedFromRows(() =>
        this.teams.membershipChange(organizationId, { teamId, callerId: request.userId, userId: targetUserId }),
      ),
      decide: (state) => decideRemoveTeamMember({ now }, state),
      context: { correlationId: request.correlationId, actorId: request.userId, now },
    });
    return { message: 'Team member removed successfully.' };
  }
}
