import pg from 'pg';
import type { Actor } from './support/actor.js';
import { refused } from './support/refused.js';
import { startTeamWorld, teamSteps, type Team, type TeamWorld } from './support/team-steps.js';

describe('organization teams', () => {
  let world: TeamWorld;
  let database: pg.Client;
  let owner: Actor, admin: Actor, member: Actor, outsider: Actor, stranger: Actor;
  const { organization, createTeam, teamsOf, teamMemberIds, eventTypes } = teamSteps(() => world);

  beforeAll(async () => {
    world = await startTeamWorld();
    ({ database, owner, admin, member, outsider, stranger } = world);
  });
  afterAll(() => world?.stop());

  it('removes team members for those who may delete members', async () => {
    const { id } = await organization();
    const team = await createTeam(id);
    await owner.post('/organization/add-team-member', { organizationId: id, teamId: team.id, userId: member.id });
    const removing = { organizationId: id, teamId: team.id, userId: member.id };
    expect(await member.post('/organization/remove-team-member', removing)).toMatchObject(
      refused(403, 'YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER'),
    );
    expect(await outsider.post('/organization/remove-team-member', removing)).toMatchObject(
      refused(400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'),
    );
    expect(await admin.post('/organization/remove-team-member', { ...removing, userId: outsider.id })).toMatchObject(
      refused(400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'),
    );
    expect(await admin.post('/organization/remove-team-member', { ...removing, userId: admin.id })).toMatchObject(
      refused(400, 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM'),
    );
    expect(await admin.post('/organization/remove-team-member', { ...removing, teamId: 'no-such-team' })).toMatchObject(
      refused(400, 'TEAM_NOT_FOUND'),
    );
    expect(await admin.post('/organization/remove-team-member', removing)).toMatchObject({
      status: 200,
      body: { message: 'Team member removed successfully.' },
    });
    expect(await teamMemberIds(team.id)).toEqual([]);
    expect(await admin.post('/organization/remove-team-member', removing)).toMatchObject(
      refused(400, 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM'),
    );
  });

  it("shows a team's members to its own members only", async () => {
    const { id } = await organization();
    const team = await createTeam(id);
    await owner.post('/organization/add-team-member', { organizationId: id, teamId: team.id, userId: member.id });
    expect(await member.get('/organization/list-team-members', { teamId: team.id })).toMatchObject({
      status: 200,
      body: [{ teamId: team.id, userId: member.id }],
    });
    for (const actor of [admin, outsider]) {
      expect(await actor.get('/organization/list-team-members', { teamId: team.id })).toMatchObject(
        refused(400, 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM'),
      );
    }
    expect(await member.get('/organization/list-team-members', { teamId: 'no-such-team' })).toMatchObject(
      refused(400, 'TEAM_NOT_FOUND'),
    );
    expect(await member.get('/organization/list-team-members')).toMatchObject(
      refused(400, 'YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM'),
    );
  });

  it("lists a user's teams: one's own anywhere, another member's to those who may update members", async () => {
    const first = await organization();
    const second = await organization(admin, { withStaff: false });
    const team = await createTeam(first.id);
    await owner.post('/organization/add-team-member', { organizationId: first.id, teamId: team.id, userId: admin.id });
    const ids = (teams: Team[]) => teams.map(({ id }) => id);
    const own = await admin.get<Team[]>('/organization/list-user-teams');
    expect(ids(own.body)).toEqual(expect.arrayContaining([team.id, second.defaultTeam.id]));
    const inFirst = await admin.get<Team[]>('/organization/list-user-teams', { organizationId: first.id });
    expect(ids(inFirst.body)).toEqual([team.id]);
    expect(await outsider.get('/organization/list-user-teams', { organizationId: first.id })).toMatchObject(
      refused(403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION'),
    );
    const ofAdmin = await owner.get<Team[]>('/organization/list-user-teams', {
      userId: admin.id,
      organizationId: first.id,
    });
    expect(ofAdmin).toMatchObject({ status: 200 });
    expect(ids(ofAdmin.body)).toEqual([team.id]);
    expect(
      await member.get('/organization/list-user-teams', { userId: admin.id, organizationId: first.id }),
    ).toMatchObject(refused(403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER'));
    expect(
      await owner.get('/organization/list-user-teams', { userId: outsider.id, organizationId: first.id }),
    ).toMatchObject(refused(400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'));
    expect(await owner.get('/organization/list-user-teams', { userId: admin.id })).toMatchObject(
      refused(400, 'NO_ACTIVE_ORGANIZATION'),
    );
  });

  it("refuses another organization's team ids everywhere, changing nothing", async () => {
    const mine = await organization();
    const theirs = await organization(stranger, { withStaff: false });
    const theirTeam = await createTeam(theirs.id, 'Theirs', stranger);
    const before = await teamsOf(theirs.id, stranger);
    const membersBefore = await teamMemberIds(theirTeam.id);
    const inMine = { organizationId: mine.id, teamId: theirTeam.id };
    expect(
      await owner.post('/organization/update-team', { teamId: theirTeam.id, data: { ...inMine, name: 'Ha' } }),
    ).toMatchObject(refused(400, 'TEAM_NOT_FOUND'));
    expect(await owner.post('/organization/remove-team', inMine)).toMatchObject(refused(400, 'TEAM_NOT_FOUND'));
    expect(await owner.post('/organization/add-team-member', { ...inMine, userId: member.id })).toMatchObject(
      refused(400, 'TEAM_NOT_FOUND'),
    );
    expect(await owner.post('/organization/remove-team-member', { ...inMine, userId: stranger.id })).toMatchObject(
      refused(400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'),
    );
    expect(await owner.get('/organization/list-team-members', { teamId: theirTeam.id })).toMatchObject(
      refused(400, 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM'),
    );
    const inTheirs = { organizationId: theirs.id, teamId: theirTeam.id };
    expect(await owner.post('/organization/remove-team', inTheirs)).toMatchObject(
      refused(403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM'),
    );
    expect(await owner.post('/organization/add-team-member', { ...inTheirs, userId: owner.id })).toMatchObject(
      refused(400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'),
    );
    expect(await teamsOf(theirs.id, stranger)).toEqual(before);
    expect(await teamMemberIds(theirTeam.id)).toEqual(membersBefore);
  });

  it('removes the teams and their members with the organization', async () => {
    const { id, defaultTeam } = await organization();
    const team = await createTeam(id);
    await owner.post('/organization/add-team-member', { organizationId: id, teamId: team.id, userId: member.id });
    expect(await owner.post('/organization/delete', { organizationId: id })).toMatchObject({ status: 200 });
    const { rows } = await database.query('SELECT id FROM organization.teams WHERE organization_id = $1', [id]);
    expect(rows).toEqual([]);
    expect(await teamMemberIds(team.id)).toEqual([]);
    expect(await teamMemberIds(defaultTeam.id)).toEqual([]);
    expect((await eventTypes(id)).slice(-8)).toEqual([
      'TeamMemberRemoved',
      'TeamRemoved',
      'TeamMemberRemoved',
      'TeamRemoved',
      'MemberRemoved',
      'MemberRemoved',
      'MemberRemoved',
      'OrganizationDeleted',
    ]);
    const teams = await member.get<Team[]>('/organization/list-user-teams');
    expect(teams.body.map(({ id: teamId }) => teamId)).not.toContain(team.id);
  });

  it('unsets the active team with null, and needs an active organization to set one', async () => {
    const { id, defaultTeam } = await organization();
    for (const body of [{ teamId: null }, {}]) {
      const answer = await owner.post('/organization/set-active-team', body);
      expect(answer).toMatchObject({ status: 200, body: null });
    }
    expect(await owner.post('/organization/set-active-team', { teamId: defaultTeam.id })).toMatchObject(
      refused(400, 'NO_ACTIVE_ORGANIZATION'),
    );
    expect(await owner.post('/organization/set-active-team', { teamId: 42 })).toMatchObject(
      refused(400, 'VALIDATION_ERROR'),
    );
    expect(await teamsOf(id)).toEqual([defaultTeam]);
  });
});
