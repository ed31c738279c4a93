import { loadedFromRows } from '@authsvc/platform';
import type { LeaveOrganizationRequest, MemberWithUserView } from '@authsvc/contracts';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OrganizationStream } from '../../kernel/organization-stream.js';
import { decideLeave, type LeaveState } from '../member.decider.js';
import { TeamReads } from '../../kernel/reads/team-reads.js';
import {
  MemberReads,
  toMembership,
  toMemberWithUserView,
  type MemberWithUserRow,
} from '../../kernel/reads/member-reads.js';

export class LeaveOrganizationCommand extends Command<MemberWithUserView> {
  constructor(readonly request: LeaveOrganizationRequest) {
    super();
  }
}

@CommandHandler(LeaveOrganizationCommand)
export class LeaveOrganizationHandler implements ICommandHandler<LeaveOrganizationCommand, MemberWithUserView> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly members: MemberReads,
    private readonly teams: TeamReads,
  ) {}

  async execute({ request }: LeaveOrganizationCommand): Promise<MemberWithUserView> {
    const { organizationId, userId } = request;
    const now = new Date();
    const leaving: { member?: MemberWithUserRow | null } = {};
    await this.organizations.execute<LeaveState>(organizationId, {
      state: loadedFromRows(async () => {
        const [member, owners, teams] = await Promise.all([
          this.members.withUser(organizationId, userId),
          this.members.owners(organizationId),
          this.teams.membershipsOf(organizationId, userId),
        ]);
        leaving.member = member;
        return { member: member && toMembership(member), owners, teams };
      }),
      decide: (state) => decideLeave({ organizationId, now }, state),
      context: { correlationId: request.correlationId, actorId: userId, now },
    });
    return toMemberWithUserView(leaving.member!);
  }
}
