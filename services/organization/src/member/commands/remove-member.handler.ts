import { loadedFromRows } from '@authsvc/platform';
import type { RemoveMemberRequest, RemovedMemberView } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';
import { OrganizationStream } from '../../kernel/organization-stream.js';
import { decideRemoveMember, type RemovalState } from '../member.decider.js';
import { TeamReads } from '../../kernel/reads/team-reads.js';
import {
  MemberReads,
  toMembership,
  toMemberWithUserView,
  type MemberWithUserRow,
} from '../../kernel/reads/member-reads.js';
import { requestedOrganization } from '../../kernel/requested-organization.js';

export class RemoveMemberCommand extends Command<RemovedMemberView> {
  constructor(readonly request: RemoveMemberRequest) {
    super();
  }
}

@CommandHandler(RemoveMemberCommand)
export class RemoveMemberHandler implements ICommandHandler<RemoveMemberCommand, RemovedMemberView> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly reads: OrganizationReads,
    private readonly members: MemberReads,
    private readonly teams: TeamReads,
  ) {}

  async execute({ request }: RemoveMemberCommand): Promise<RemovedMemberView> {
    const organizationId = requestedOrganization(request.organizationId, request.activeOrganizationId);
    const named = request.memberIdOrEmail;
    const byEmail = named.includes('@');
    const now = new Date();
    const removal: { target?: MemberWithUserRow } = {};
    await this.organizations.execute<RemovalState>(organizationId, {
      state: loadedFromRows(async () => {
        const [caller, found, owners] = await Promise.all([
          this.reads.membership(organizationId, request.userId),
          byEmail ? this.members.byEmail(organizationId, named) : this.members.byId(named),
          this.members.owners(organizationId),
        ]);
        // Another organization's member is not found here, whatever its id.
        const target = found?.organization_id === organizationId ? found : undefined;
        removal.target = target;
        const targetTeams = target ? await this.teams.membershipsOf(organizationId, target.user_id) : [];
        return { caller, target: target ? toMembership(target) : null, owners, targetTeams };
      }),
      decide: (state) => decideRemoveMember({ organizationId, now }, state),
      context: { correlationId: request.correlationId, actorId: request.userId, now },
    });
    const { user, ...member } = toMemberWithUserView(removal.target!);
    // The reference answers the user only when the member was named by email.
    return { member: byEmail ? { ...member, user } : member };
  }
}
