import { randomUUID } from 'node:crypto';
import { MemberAdded, TeamRpc, type OrganizationCaller } from '@authsvc/contracts';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { randomClientIp, request } from './support/http.js';
import { signUpActor, uniqueSlug, type Actor } from './support/actor.js';
import { TestStack } from './support/test-stack.js';

interface Team {
  id: string;
  name: string;
  organizationId: string;
  createdAt: string;
  updatedAt: string;
}

interface TeamMember {
  id: string;
  teamId: string;
  userId: string;
  createdAt: string;
}

/** An organization of the suite: its owner, its id and its default team. */
interface Organization {
  id: string;
  owner: Actor;
  defaultTeam: Team;
}

const refused = (status: number, code: string) => ({ status, body: expect.objectContaining({ code }) });

describe('organization teams', () => {
  let stack: TestStack;
  let database: pg.Client;
  let nats: NatsConnection;
  let owner: Actor;
  let admin: Actor;
  let member: Actor;
  let outsider: Actor;
  let stranger: Actor;

  beforeAll(async () => {
    stack = await TestStack.start();
    [owner, admin, member, outsider, stranger] = await Promise.all(
      ['owner', 'admin', 'member', 'outsider', 'stranger'].map((label) => signUpActor(stack, label)),
    );
    database = new pg.Client({ connectionString: stack.databaseUrl });
    await database.connect();
    nats = await connect({ ...stack.natsOptions('gateway'), maxReconnectAttempts: 0 });
  });

  afterAll(async () => {
    await nats?.close();
    await database?.end();
    await stack?.stop();
  });

  /**
   * Makes `actor` a member with `role`: records MemberAdded on the organization's stream and its row, as the
   * service's add-member does in one statement (it is not on this branch; MemberRpc.add can replace this).
   */
  async function addMember(organizationId: string, actor: Actor, role: string): Promise<void> {
    const memberId = randomUUID().replaceAll('-', '');
    const createdAt = new Date().toISOString();
    const data = { organizationId, memberId, userId: actor.id, role, origin: 'added', invitationId: null, createdAt };
    const eventId = randomUUID();
    const metadata = { eventId, correlationId: 'teams-e2e', causationId: null, actorId: null, occurredAt: createdAt };
    await database.query(
      `WITH appended AS (
         INSERT INTO organization.events
           (event_id, stream_id, stream_position, type, schema_version, data, metadata, occurred_at)
         SELECT $1, $2, coalesce(max(stream_position), 0) + 1, $3, $4, $5, $6, $7
           FROM organization.events WHERE stream_id = $2)
       INSERT INTO organization.members (id, organization_id, user_id, role, created_at)
       VALUES ($8, $9, $10, $11, $7)`,
      [
        eventId,
        `organization-${organizationId}`,
        MemberAdded.type,
        MemberAdded.schemaVersion,
        JSON.stringify(data),
        JSON.stringify(metadata),
        createdAt,
        memberId,
        organizationId,
        actor.id,
        role,
      ],
    );
  }

  /**
   * A new organization of `by` (owner by default) with the admin and the member in it; the creator's session keeps
   * its active organization, so that each test says which one is active.
   */
  async function organization(by = owner, { withStaff = true } = {}): Promise<Organization> {
    const created = await by.post<{ id: string }>('/organization/create', {
      name: 'Acme',
      slug: uniqueSlug(),
      keepCurrentActiveOrganization: true,
    });
    expect(created.status).toBe(200);
    const organizationId = created.body.id;
    if (withStaff) {
      await addMember(organizationId, admin, 'admin');
      await addMember(organizationId, member, 'member');
    }
    const teams = await by.get<Team[]>('/organization/list-teams', { organizationId });
    return { id: organizationId, owner: by, defaultTeam: teams.body[0] };
  }

  const createTeam = async (organizationId: string, name = 'Core', by = owner) => {
    const created = await by.post<Team>('/organization/create-team', { organizationId, name });
    expect(created.status).toBe(200);
    return created.body;
  };
  const teamsOf = async (organizationId: string, by = owner) =>
    (await by.get<Team[]>('/organization/list-teams', { organizationId })).body;
  const teamMemberIds = async (teamId: string) =>
    (
      await database.query<{ user_id: string }>(
        'SELECT user_id FROM organization.team_members WHERE team_id = $1 ORDER BY user_id',
        [teamId],
      )
    ).rows.map(({ user_id }) => user_id);
  const eventTypes = async (organizationId: string) =>
    (
      await database.query<{ type: string }>(
        'SELECT type FROM organization.events WHERE stream_id = $1 ORDER BY stream_position',
        [`organization-${organizationId}`],
      )
    ).rows.map(({ type }) => type);

  /**
   * A team request as the gateway sends it, with a session whose active organization and team are given: the
   * gateway fills them from the session once the session service records them.
   */
  async function asSession<T>(
    subject: string,
    actor: Actor,
    active: Omit<OrganizationCaller, 'userId'>,
    body: object = {},
  ): Promise<{ response?: T; err?: { code: string; status: number } }> {
    const data = { ...body, ...active, userId: actor.id, actorId: actor.id, correlationId: 'teams-e2e' };
    const answer = await nats.request(subject, JSON.stringify({ pattern: subject, data, id: randomUUID() }), {
      timeout: 10_000,
    });
    return answer.json();
  }

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
