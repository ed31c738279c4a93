import pg from 'pg';
import { randomClientIp, request } from './support/http.js';
import { uniqueSlug, type Actor } from './support/actor.js';
import { TeamRpc, type OrganizationCaller } from '@authsvc/contracts';
import { startTeamWorld, teamSteps, type Team, type TeamMember, type TeamWorld } from './support/team-steps.js';
import { refused } from './support/refused.js';
import type { TestStack } from './support/test-stack.js';

describe('organization teams', () => {
  let world: TeamWorld;
  let stack: TestStack, database: pg.Client;
  let owner: Actor, admin: Actor, member: Actor, outsider: Actor, stranger: Actor;
  const { organization, createTeam, teamsOf, teamMemberIds, eventTypes, asSession } = teamSteps(() => world);

  beforeAll(async () => {
    world = await startTeamWorld();
    ({ stack, database, owner, admin, member, outsider, stranger } = world);
  });
  afterAll(() => world?.stop());

  it('gives a new organization a default team named like it, with its creator in it', async () => {
    const { id, defaultTeam } = await organization(owner, { withStaff: false });
    expect(defaultTeam).toEqual({
      id: expect.any(String),
      name: 'Acme',
      organizationId: id,
      createdAt: expect.any(String),
      updatedAt: defaultTeam.createdAt,
    });
    const members = await owner.get<TeamMember[]>('/organization/list-team-members', { teamId: defaultTeam.id });
    expect(members).toMatchObject({ status: 200, body: [{ teamId: defaultTeam.id, userId: owner.id }] });
    expect((await owner.get<Team[]>('/organization/list-user-teams')).body.map(({ id }) => id)).toContain(
      defaultTeam.id,
    );
    expect(await eventTypes(id)).toEqual(['OrganizationCreated', 'MemberAdded', 'TeamCreated', 'TeamMemberAdded']);
  });

  it('creates teams for owners and admins only, in the organization named or the active one', async () => {
    const { id } = await organization();
    const created = await owner.post<Team>('/organization/create-team', { organizationId: id, name: 'Core' });
    expect(created).toMatchObject({ status: 200, body: { name: 'Core', organizationId: id } });
    expect(created.body.updatedAt).toBe(created.body.createdAt);
    expect(await admin.post('/organization/create-team', { organizationId: id, name: 'Ops' })).toMatchObject({
      status: 200,
    });
    expect(await member.post('/organization/create-team', { organizationId: id, name: 'X' })).toMatchObject(
      refused(403, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION'),
    );
    expect(await outsider.post('/organization/create-team', { organizationId: id, name: 'X' })).toMatchObject(
      refused(403, 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION'),
    );
    expect(await owner.post('/organization/create-team', { name: 'X' })).toMatchObject(
      refused(400, 'NO_ACTIVE_ORGANIZATION'),
    );
    expect(await owner.post('/organization/create-team', { organizationId: id, name: '' })).toMatchObject(
      refused(400, 'VALIDATION_ERROR'),
    );
    expect((await teamsOf(id)).map(({ name }) => name)).toEqual(['Acme', 'Core', 'Ops']);
  });

  it('lists the teams to members only', async () => {
    const { id, defaultTeam } = await organization();
    expect(await member.get('/organization/list-teams', { organizationId: id })).toMatchObject({
      status: 200,
      body: [defaultTeam],
    });
    expect(await outsider.get('/organization/list-teams', { organizationId: id })).toMatchObject(
      refused(403, 'YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION'),
    );
    expect(await owner.get('/organization/list-teams')).toMatchObject(refused(400, 'NO_ACTIVE_ORGANIZATION'));
    const anonymous = await request(stack.url(`/api/auth/organization/list-teams?organizationId=${id}`), {
      headers: { 'x-forwarded-for': randomClientIp() },
    });
    expect(anonymous).toMatchObject(refused(401, 'UNAUTHORIZED'));
  });

  it('renames a team for owners and admins, advancing its updatedAt', async () => {
    const { id } = await organization();
    const team = await createTeam(id);
    await new Promise((resolve) => setTimeout(resolve, 5));
    const updated = await admin.post<Team>('/organization/update-team', {
      teamId: team.id,
      data: { organizationId: id, name: 'Platform' },
    });
    expect(updated).toMatchObject({ status: 200, body: { id: team.id, name: 'Platform', createdAt: team.createdAt } });
    expect(Date.parse(updated.body.updatedAt)).toBeGreaterThan(Date.parse(team.updatedAt));
    const rename = { teamId: team.id, data: { organizationId: id, name: 'Mine' } };
    for (const actor of [member, outsider]) {
      expect(await actor.post('/organization/update-team', rename)).toMatchObject(
        refused(403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM'),
      );
    }
    expect(await owner.post('/organization/update-team', { teamId: team.id, data: { name: 'X' } })).toMatchObject(
      refused(400, 'NO_ACTIVE_ORGANIZATION'),
    );
    expect(
      await owner.post('/organization/update-team', { teamId: team.id, data: { organizationId: id, name: '' } }),
    ).toMatchObject(refused(400, 'VALIDATION_ERROR'));
    expect((await teamsOf(id)).find(({ id: teamId }) => teamId === team.id)?.name).toBe('Platform');
  });

  it('removes a team for owners and admins, its members first, but not the last one', async () => {
    const { id, defaultTeam } = await organization();
    const team = await createTeam(id);
    await owner.post('/organization/add-team-member', { organizationId: id, teamId: team.id, userId: member.id });
    const removal = { organizationId: id, teamId: team.id };
    expect(await member.post('/organization/remove-team', removal)).toMatchObject(
      refused(403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION'),
    );
    expect(await outsider.post('/organization/remove-team', removal)).toMatchObject(
      refused(403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM'),
    );
    expect(await owner.post('/organization/remove-team', { teamId: team.id })).toMatchObject(
      refused(400, 'NO_ACTIVE_ORGANIZATION'),
    );
    expect(await admin.post('/organization/remove-team', { ...removal, teamId: 'no-such-team' })).toMatchObject(
      refused(400, 'TEAM_NOT_FOUND'),
    );
    expect(await admin.post('/organization/remove-team', removal)).toMatchObject({
      status: 200,
      body: { message: 'Team removed successfully.' },
    });
    expect(await teamsOf(id)).toEqual([defaultTeam]);
    expect(await teamMemberIds(team.id)).toEqual([]);
    expect((await eventTypes(id)).slice(-2)).toEqual(['TeamMemberRemoved', 'TeamRemoved']);
    expect(await member.get('/organization/list-team-members', { teamId: team.id })).toMatchObject(
      refused(400, 'TEAM_NOT_FOUND'),
    );
    expect(await owner.post('/organization/remove-team', { organizationId: id, teamId: defaultTeam.id })).toMatchObject(
      refused(400, 'UNABLE_TO_REMOVE_LAST_TEAM'),
    );
    expect(await teamsOf(id)).toEqual([defaultTeam]);
  });

  it('adds members of the organization to its teams, once, for those who may update members', async () => {
    const { id } = await organization();
    const team = await createTeam(id);
    const adding = { organizationId: id, teamId: team.id, userId: member.id };
    const added = await admin.post<TeamMember>('/organization/add-team-member', adding);
    expect(added).toMatchObject({ status: 200, body: { teamId: team.id, userId: member.id } });
    expect(added.body).toEqual({
      id: expect.any(String),
      teamId: team.id,
      userId: member.id,
      createdAt: expect.any(String),
    });
    expect(await owner.post('/organization/add-team-member', adding)).toMatchObject({ status: 200, body: added.body });
    expect(await member.post('/organization/add-team-member', { ...adding, userId: admin.id })).toMatchObject(
      refused(403, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER'),
    );
    expect(await outsider.post('/organization/add-team-member', { ...adding, userId: outsider.id })).toMatchObject(
      refused(400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'),
    );
    expect(await owner.post('/organization/add-team-member', { ...adding, userId: outsider.id })).toMatchObject(
      refused(400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'),
    );
    expect(await owner.post('/organization/add-team-member', { ...adding, teamId: 'no-such-team' })).toMatchObject(
      refused(400, 'TEAM_NOT_FOUND'),
    );
    expect(await owner.post('/organization/add-team-member', { teamId: team.id, userId: member.id })).toMatchObject(
      refused(400, 'NO_ACTIVE_ORGANIZATION'),
    );
    expect(await teamMemberIds(team.id)).toEqual([member.id]);
  });
  describe("with the session's active organization and team", () => {
    it('checks the team a session makes active: of the active organization, with the caller in it', async () => {
      const { id, defaultTeam } = await organization();
      const other = await organization(stranger, { withStaff: false });
      const active: Omit<OrganizationCaller, 'userId'> = { activeOrganizationId: id, activeTeamId: null };
      const check = (actor: Actor, body: object, session = active) =>
        asSession<Team | null>(TeamRpc.checkActive.subject, actor, session, body);
      expect((await check(owner, { teamId: defaultTeam.id })).response).toEqual(defaultTeam);
      expect((await check(member, { teamId: defaultTeam.id })).err).toMatchObject({
        code: 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM',
        status: 403,
      });
      expect((await check(owner, { teamId: other.defaultTeam.id })).err).toMatchObject({ code: 'TEAM_NOT_FOUND' });
      const again = await check(owner, {}, { activeOrganizationId: id, activeTeamId: defaultTeam.id });
      expect(again.response).toEqual(defaultTeam);
    });

    it("lists the active team's members by default, and refuses to remove the caller's active team", async () => {
      const { id, defaultTeam } = await organization();
      const team = await createTeam(id);
      const session = { activeOrganizationId: id, activeTeamId: team.id };
      await owner.post('/organization/add-team-member', { organizationId: id, teamId: team.id, userId: admin.id });
      const listed = await asSession<TeamMember[]>(TeamRpc.listMembers.subject, admin, session);
      expect(listed.response).toEqual([expect.objectContaining({ teamId: team.id, userId: admin.id })]);
      const removal = await asSession(TeamRpc.remove.subject, admin, session, { teamId: team.id });
      expect(removal.err).toMatchObject({ code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM', status: 403 });
      const elsewhere = { activeOrganizationId: id, activeTeamId: defaultTeam.id };
      const removed = await asSession(TeamRpc.remove.subject, admin, elsewhere, { teamId: team.id });
      expect(removed.response).toEqual({ message: 'Team removed successfully.' });
    });
  });

  describe('with limits set', () => {
    beforeAll(() =>
      stack.restart('organization', { MAXIMUM_TEAMS: '2', TEAM_MEMBER_LIMIT: '2', ALLOW_REMOVING_ALL_TEAMS: 'true' }),
    );

    it('keeps to the maximum number of teams and of team members, and may remove the last team', async () => {
      const { id, defaultTeam } = await organization();
      const team = await createTeam(id);
      expect(await owner.post('/organization/create-team', { organizationId: id, name: 'Third' })).toMatchObject(
        refused(400, 'YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS'),
      );
      const adding = { organizationId: id, teamId: defaultTeam.id };
      expect(await owner.post('/organization/add-team-member', { ...adding, userId: admin.id })).toMatchObject({
        status: 200,
      });
      expect(await owner.post('/organization/add-team-member', { ...adding, userId: member.id })).toMatchObject(
        refused(403, 'TEAM_MEMBER_LIMIT_REACHED'),
      );
      expect(await owner.post('/organization/add-team-member', { ...adding, userId: admin.id })).toMatchObject({
        status: 200,
      });
      expect(await teamMemberIds(defaultTeam.id)).toEqual([admin.id, owner.id].sort());
      for (const teamId of [team.id, defaultTeam.id]) {
        expect(await owner.post('/organization/remove-team', { organizationId: id, teamId })).toMatchObject({
          status: 200,
        });
      }
      expect(await teamsOf(id)).toEqual([]);
    });
  });

  describe('without a default team', () => {
    beforeAll(() => stack.restart('organization', { DEFAULT_TEAM_ENABLED: 'false' }));
    afterAll(() => stack.restart('organization', {}));

    it('creates an organization with no team when DEFAULT_TEAM_ENABLED is false', async () => {
      const created = await owner.post<{ id: string }>('/organization/create', { name: 'Bare', slug: uniqueSlug() });
      expect(created.status).toBe(200);
      expect(await owner.get('/organization/list-teams', { organizationId: created.body.id })).toMatchObject({
        status: 200,
        body: [],
      });
    });
  });

  describe('with teams off', () => {
    beforeAll(() => stack.restart('organization', { TEAMS_ENABLED: 'false' }));

    it('answers 404 on every team endpoint and makes no default team', async () => {
      const created = await owner.post<{ id: string }>('/organization/create', { name: 'Solo', slug: uniqueSlug() });
      expect(await owner.get('/organization/list-teams', { organizationId: created.body.id })).toMatchObject({
        status: 404,
      });
      expect(
        await owner.post('/organization/create-team', { organizationId: created.body.id, name: 'X' }),
      ).toMatchObject({ status: 404 });
      const teams = await database.query('SELECT id FROM organization.teams WHERE organization_id = $1', [
        created.body.id,
      ]);
      expect(teams.rows).toEqual([]);
      expect(
        await owner.post('/organization/invite-member', {
          organizationId: created.body.id,
          email: 'teamless@example.com',
          role: 'member',
          teamId: 'any-team',
        }),
      ).toMatchObject({ status: 400, body: { code: 'TEAMS_ARE_NOT_ENABLED', message: 'Teams are not enabled' } });
    });
  });
});
