import { loadedAtVersion, loadedFromRows, randomString, type RecordedEvent } from '@authsvc/platform';
import { randomBytes } from 'node:crypto';
import { OrganizationErrors } from '@authsvc/errors';
import { rolesOf } from '../../src/access/organization-roles';
import { decideAcceptInvitation, type AcceptState } from '../../src/invitation/invitation-answer.decider';
import {
  decideCancelInvitation,
  decideInviteMember,
  type InvitationRules,
  type InviteState,
} from '../../src/invitation/invitation.decider';
import { InvitationReads } from '../../src/kernel/reads/invitation-reads';
import { InvitationStates } from '../../src/invitation/invitation-states';
import { decideAddMember, type AdditionState } from '../../src/member/member.decider';
import { MEMBERS_ORGANIZATION_USER_UNIQUE } from '../../src/kernel/read-models/member.entity';
import { MemberReads } from '../../src/kernel/reads/member-reads';
import type { CreationState, TeamMembershipState } from '../../src/kernel/organization-facts';
import { decideCreateOrganization, type OrganizationRules } from '../../src/organization/organization.decider';
import { ORGANIZATIONS_SLUG_UNIQUE } from '../../src/kernel/read-models/organization.entity';
import { OrganizationReads } from '../../src/kernel/reads/organization-reads';
import { decideAddTeamMember, decideCreateTeam, type TeamCreationState } from '../../src/team/team.decider';
import { TeamReads } from '../../src/kernel/reads/team-reads';
import { LoadBarrier } from './load-barrier';
import { OrganizationDatabase, type OrganizationDecision } from './organization-database';

export const organizationRules: OrganizationRules = {
  creationEnabled: true,
  organizationLimit: 0,
  deletionEnabled: true,
  defaultTeam: true,
};

export const invitationRules: InvitationRules = {
  expiresInSeconds: 3600,
  invitationLimit: 100,
  membershipLimit: 100,
  teamsEnabled: true,
  teamMemberLimit: 0,
  answerNeedsVerifiedEmail: false,
};

export interface TestUser {
  readonly userId: string;
  readonly email: string;
}

/** The service's reads, and writes made as its command handlers make them: loaded, decided, appended. */
export class OrganizationFactories {
  readonly organizations: OrganizationReads;
  readonly members: MemberReads;
  readonly teams: TeamReads;
  readonly invitations: InvitationReads;
  readonly states: InvitationStates;

  constructor(
    private readonly db: OrganizationDatabase,
    private readonly barrier?: LoadBarrier,
  ) {
    this.organizations = new OrganizationReads(db.dataSource);
    this.members = new MemberReads(db.dataSource);
    this.teams = new TeamReads(db.dataSource, this.organizations);
    this.invitations = new InvitationReads(db.dataSource);
    this.states = new InvitationStates(db.dataSource, this.invitations);
  }

  /**
   * Factories whose decisions, `parties` of them started together, each wait after their first load until all
   * have loaded: they decide on the same state and version, and all but one lose the race for the stream.
   */
  racing(parties: number): OrganizationFactories {
    return new OrganizationFactories(this.db, new LoadBarrier(parties));
  }

  private execute<State>(organizationId: string, decision: OrganizationDecision<State>): Promise<RecordedEvent[]> {
    const barrier = this.barrier;
    if (!barrier) return this.db.execute(organizationId, decision);
    return this.db.execute<State>(
      organizationId,
      'loadAtVersion' in decision
        ? { ...decision, loadAtVersion: async (streamId) => barrier.pass(await decision.loadAtVersion(streamId)) }
        : { ...decision, load: async () => barrier.pass(await decision.load()) },
    );
  }

  /** A user in the service's copy of identity's users. */
  async user(email = `user-${randomBytes(4).toString('hex')}@example.com`): Promise<TestUser> {
    const userId = randomString();
    await this.db.dataSource.query(
      `INSERT INTO organization.user_profiles (user_id, deleted, email, name, last_position) VALUES ($1, false, $2, 'Test User', 1)`,
      [userId, email],
    );
    return { userId, email };
  }

  /** An organization created by `owner`, with its default team unless the rules say otherwise. */
  async organization(owner: TestUser, rules = organizationRules, slug = `org-${randomString(12).toLowerCase()}`) {
    const organizationId = randomString();
    const command = {
      organizationId,
      memberId: randomString(),
      teamId: randomString(),
      teamMemberId: randomString(),
      userId: owner.userId,
      bySystem: false,
      name: `Organization ${slug}`,
      slug,
      logo: null,
      metadata: null,
      now: new Date(),
    };
    await this.execute<CreationState>(organizationId, {
      state: loadedFromRows(() => this.organizations.creationState(owner.userId, slug, rules.organizationLimit), {
        startsStream: true,
      }),
      decide: (state) => decideCreateOrganization(command, state, rules),
      uniqueViolations: { [ORGANIZATIONS_SLUG_UNIQUE]: OrganizationErrors.ORGANIZATION_ALREADY_EXISTS },
    });
    return { organizationId, slug, ownerMemberId: command.memberId, teamId: rules.defaultTeam ? command.teamId : null };
  }

  /** Adds a user as add-member does, at `now`; the member's id. */
  async member(organizationId: string, user: TestUser, role = 'member', now = new Date()): Promise<string> {
    const command = {
      organizationId,
      memberId: randomString(),
      userId: user.userId,
      roles: rolesOf(role),
      now,
    };
    await this.execute<AdditionState>(organizationId, {
      state: loadedFromRows(async () => ({
        organizationExists: (await this.organizations.organization(organizationId)) !== null,
        userExists: true,
        alreadyMember: (await this.organizations.membership(organizationId, user.userId)) !== null,
        memberCount: await this.members.count(organizationId),
      })),
      decide: (state) => decideAddMember(command, state, { membershipLimit: 100 }),
      uniqueViolations: {
        [MEMBERS_ORGANIZATION_USER_UNIQUE]: OrganizationErrors.USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION,
      },
    });
    return command.memberId;
  }

  /** An invitation of `inviter` to `email`, made at `now` (in the past: it has expired by now); its id. */
  async invite(
    organizationId: string,
    inviter: TestUser,
    email: string,
    { teamId = null as string | null, now = new Date(), resend = false } = {},
  ): Promise<string> {
    const command = {
      invitationId: randomString(),
      email,
      role: 'member',
      teamId,
      resend,
      inviter: { userId: inviter.userId, name: 'Inviter', email: inviter.email },
      now,
    };
    const [created] = await this.execute<InviteState>(organizationId, {
      state: loadedAtVersion(() => this.states.invite(organizationId, command)),
      decide: (state) => decideInviteMember(command, state, invitationRules),
    });
    return (created!.data as { invitationId: string }).invitationId;
  }

  /** Accepts as accept-invitation does. */
  async accept(invitationId: string, user: TestUser, rules = invitationRules) {
    const command = { ...user, emailVerified: true, memberId: randomString(), teamMemberId: randomString() };
    const invitation = await this.invitations.invitation(invitationId);
    return this.execute<AcceptState>(invitation!.organizationId, {
      state: loadedAtVersion(() => this.states.accept(invitationId, user.userId)),
      decide: (state) => decideAcceptInvitation({ ...command, now: new Date() }, state, rules),
      uniqueViolations: {
        [MEMBERS_ORGANIZATION_USER_UNIQUE]: OrganizationErrors.USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION,
      },
    });
  }

  async cancel(invitationId: string, caller: TestUser): Promise<void> {
    const invitation = await this.invitations.invitation(invitationId);
    await this.execute(invitation!.organizationId, {
      state: loadedFromRows(async () => ({
        invitation,
        caller: await this.organizations.membership(invitation!.organizationId, caller.userId),
      })),
      decide: (state) => decideCancelInvitation({ now: new Date() }, state),
    });
  }

  /** A team made by `caller`; its id. */
  async team(organizationId: string, caller: TestUser): Promise<string> {
    const command = { teamId: randomString(), name: `Team ${randomString(6)}`, now: new Date() };
    await this.execute<TeamCreationState>(organizationId, {
      state: loadedFromRows(async () => ({
        organizationId,
        caller: await this.organizations.membership(organizationId, caller.userId),
        teamCount: await this.teams.teamCount(organizationId),
      })),
      decide: (state) => decideCreateTeam(command, state, { maximumTeams: 0 }),
    });
    return command.teamId;
  }

  /** Adds `user` to a team as add-team-member does, within `teamMemberLimit` (0: none). */
  teamMember(organizationId: string, teamId: string, caller: TestUser, user: TestUser, teamMemberLimit = 0) {
    const command = { teamMemberId: randomString(), userId: user.userId, now: new Date() };
    return this.execute<TeamMembershipState>(organizationId, {
      state: loadedFromRows(() =>
        this.teams.membershipChange(organizationId, { teamId, callerId: caller.userId, userId: user.userId }),
      ),
      decide: (state) => decideAddTeamMember(command, state, { teamMemberLimit }),
    });
  }
}

/** A migrated database of the spec file's own, with factories writing to it (see `OrganizationDatabase`). */
export async function openOrganizationDatabase(): Promise<{ db: OrganizationDatabase; make: OrganizationFactories }> {
  const db = await OrganizationDatabase.create();
  return { db, make: new OrganizationFactories(db) };
}
