import { loadedFromRows } from '@authsvc/platform';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OrganizationReads } from '../../kernel/reads/organization-reads.js';
import { OrganizationStream } from '../../kernel/organization-stream.js';
import { decideEndUserMembership, type UserDeletionState } from '../member.decider.js';
import { TeamReads } from '../../kernel/reads/team-reads.js';
import { MemberReads } from '../../kernel/reads/member-reads.js';

/** A user was deleted in identity: every membership of theirs ends (`event` caused it). */
export class EndUserMembershipsCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly event: { readonly eventId: string; readonly correlationId: string },
  ) {
    super();
  }
}

const NOTHING = { pendingInvitationIds: [], teams: [] };

/**
 * Ends a deleted user's memberships, one organization at a time, each on its own stream. Run again for a
 * redelivered event, it finds nothing left to end.
 */
@CommandHandler(EndUserMembershipsCommand)
export class EndUserMembershipsHandler implements ICommandHandler<EndUserMembershipsCommand, void> {
  constructor(
    private readonly organizations: OrganizationStream,
    private readonly reads: OrganizationReads,
    private readonly members: MemberReads,
    private readonly teams: TeamReads,
  ) {}

  async execute({ userId, event }: EndUserMembershipsCommand): Promise<void> {
    const now = new Date();
    const context = { correlationId: event.correlationId, causationId: event.eventId, actorId: null, now };
    for (const organizationId of await this.members.organizationsOf(userId)) {
      await this.organizations.execute<UserDeletionState>(organizationId, {
        state: loadedFromRows(() => this.state(organizationId, userId)),
        decide: (state) => decideEndUserMembership({ now }, state),
        context,
      });
    }
  }

  private async state(organizationId: string, userId: string): Promise<UserDeletionState> {
    const [{ organization, caller: member }, owners, teams, oldestAdmin, oldestMember] = await Promise.all([
      this.reads.withCaller(organizationId, userId),
      this.members.owners(organizationId),
      this.teams.membershipsOf(organizationId, userId),
      this.members.oldestOther(organizationId, userId, 'admin'),
      this.members.oldestOther(organizationId, userId, null),
    ]);
    // What closes with the organization matters only when nobody else is in it. The invitations arrive with
    // their read model (as in deleting an organization).
    const contents = oldestMember
      ? NOTHING
      : { pendingInvitationIds: [], teams: await this.teams.allWithMembers(organizationId) };
    return { organization, member, owners, teams, oldestAdmin, oldestMember, contents };
  }
}
