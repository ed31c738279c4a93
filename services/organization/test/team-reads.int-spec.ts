import { OrganizationErrors } from '@authsvc/errors';
import type { OrganizationDatabase } from './support/organization-database';
import { refusals } from './support/refusals';
import { openOrganizationDatabase, type OrganizationFactories } from './support/organization-factories';

// The team lookups that team commands decide on (TeamReads), against real PostgreSQL, on rows the service's own
// decisions appended: a team of another organization never answers for this one.
let db: OrganizationDatabase;
let make: OrganizationFactories;

beforeAll(async () => ({ db, make } = await openOrganizationDatabase()));
afterAll(() => db?.drop());

describe('the team reads', () => {
  it("answer for the organization's own teams only, with their members", async () => {
    const owner = await make.user();
    const { organizationId, teamId } = await make.organization(owner);
    const empty = await make.team(organizationId, owner);
    const member = await make.user();
    await make.member(organizationId, member);
    await make.teamMember(organizationId, teamId!, owner, member);
    const foreign = await make.organization(await make.user());

    expect(await make.teams.team(organizationId, foreign.teamId!)).toBeNull();
    expect(await make.teams.teamById(foreign.teamId!)).toMatchObject({ organizationId: foreign.organizationId });
    expect(await make.teams.teamCount(organizationId)).toBe(2);
    expect(await make.teams.teamSize(teamId!)).toBe(2);
    expect(await make.teams.withMembers(organizationId, foreign.teamId!)).toBeNull();
    // Teams made in one millisecond come in id order: compared as a set.
    const teams = await make.teams.allWithMembers(organizationId);
    const listed = teams.map(({ teamId: id, members }) => ({ id, users: members.map(({ userId }) => userId).sort() }));
    expect(listed).toHaveLength(2);
    expect(listed).toEqual(
      expect.arrayContaining([
        { id: teamId, users: [owner.userId, member.userId].sort() },
        { id: empty, users: [] },
      ]),
    );
    expect((await make.teams.membershipsOf(organizationId, member.userId)).map(({ teamId: id }) => id)).toEqual([
      teamId,
    ]);
    expect(await make.teams.membershipsOf(foreign.organizationId, owner.userId)).toEqual([]);
  });

  it('give a membership change the caller, the user, the team and their place in it', async () => {
    const owner = await make.user();
    const { organizationId, teamId } = await make.organization(owner);
    const stranger = await make.user();
    const state = await make.teams.membershipChange(organizationId, {
      teamId: teamId!,
      callerId: owner.userId,
      userId: stranger.userId,
    });
    expect(state).toMatchObject({
      caller: { userId: owner.userId, role: 'owner' },
      target: null,
      team: { id: teamId, organizationId },
      membership: null,
      teamSize: 1,
    });
    const own = await make.teams.membershipChange(organizationId, {
      teamId: teamId!,
      callerId: owner.userId,
      userId: owner.userId,
    });
    expect(own.membership).toMatchObject({ teamId, userId: owner.userId });
  });

  it('of two additions racing for the last seat of a team record one; the other meets the limit', async () => {
    const owner = await make.user();
    const { organizationId, teamId } = await make.organization(owner);
    const [one, two] = [await make.user(), await make.user()];
    await make.member(organizationId, one);
    await make.member(organizationId, two);

    const racing = make.racing(2);

    const outcomes = await Promise.allSettled([
      racing.teamMember(organizationId, teamId!, owner, one, 2),
      racing.teamMember(organizationId, teamId!, owner, two, 2),
    ]);
    expect(refusals(outcomes)).toEqual([OrganizationErrors.TEAM_MEMBER_LIMIT_REACHED.code]);
    expect(await make.teams.teamSize(teamId!)).toBe(2);
  });
});
