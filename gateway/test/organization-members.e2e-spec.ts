import { randomUUID } from 'node:crypto';
import { BackEndNatsAccess, MemberRpc, type RpcDefinition } from '@authsvc/contracts';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { signUpActor, uniqueSlug, type Actor } from './support/actor.js';
import { eventually } from './support/eventually.js';
import { TestStack, NATS_ADMIN } from './support/test-stack.js';

interface Member {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: string;
  user?: { id: string; name: string; email: string; image: string | null };
}

/** What a service answers a Nest NATS request: the reply, or the catalogue error. */
interface NatsAnswer<T> {
  response?: T;
  err?: { code: string; message: string; status: number };
}

const PASSWORD = 'correct-horse-battery-1';
const MEMBERSHIP_LIMIT = 5;

describe('organization members', () => {
  let stack: TestStack;
  let db: pg.Client;
  let backEnd: NatsConnection;
  let admin: NatsConnection;

  /** A request as Nest's NATS client sends it, over a connection of the test's choosing. */
  const ask = async <T>(nc: NatsConnection, rpc: RpcDefinition<unknown, T>, data: object): Promise<NatsAnswer<T>> => {
    const packet = {
      pattern: rpc.subject,
      data: { correlationId: `members-${randomUUID()}`, ...data },
      id: randomUUID(),
    };
    return (await nc.request(rpc.subject, JSON.stringify(packet), { timeout: 10_000 })).json<NatsAnswer<T>>();
  };
  /** Server code adding a user, with the back end's credential. */
  const addMember = (organizationId: string, userId: string, role: string | string[] = 'member') =>
    ask(backEnd, MemberRpc.add, { organizationId, userId, role });

  /** An organization of `owner` with the others added as the roles say; its id and the member ids by user. */
  async function organization(owner: Actor, others: [Actor, string][] = []) {
    const created = await owner.post<{ id: string; slug: string; members: Member[] }>('/organization/create', {
      name: 'Acme',
      slug: uniqueSlug('members'),
    });
    expect(created.status).toBe(200);
    const memberIds = new Map([[owner.id, created.body.members[0].id]]);
    for (const [actor, role] of others) {
      const added = await addMember(created.body.id, actor.id, role);
      expect(added.err).toBeUndefined();
      memberIds.set(actor.id, added.response!.id);
    }
    return { id: created.body.id, slug: created.body.slug, memberId: (actor: Actor) => memberIds.get(actor.id)! };
  }

  const listMembers = (actor: Actor, query: Record<string, string | number | undefined>) =>
    actor.get<{ members: Member[]; total: number }>('/organization/list-members', query);
  const rolesIn = async (organizationId: string, viewer: Actor) =>
    Object.fromEntries(
      (await listMembers(viewer, { organizationId })).body.members.map(({ userId, role }) => [userId, role]),
    );
  const removals = async (organizationId: string) =>
    (
      await db.query<{ data: { userId: string; reason: string } }>(
        `SELECT data FROM organization.events WHERE stream_id = $1 AND type = 'MemberRemoved' ORDER BY stream_position`,
        [`organization-${organizationId}`],
      )
    ).rows.map(({ data }) => ({ userId: data.userId, reason: data.reason }));

  /** The teams of the organization the user is in (a creator is in its default team). */
  const teamsOf = async (organizationId: string, userId: string) =>
    (
      await db.query(
        `SELECT 1 FROM organization.team_members m JOIN organization.teams t ON t.id = m.team_id
         WHERE t.organization_id = $1 AND m.user_id = $2`,
        [organizationId, userId],
      )
    ).rowCount;

  beforeAll(async () => {
    stack = await TestStack.start({ MEMBERSHIP_LIMIT: String(MEMBERSHIP_LIMIT) });
    db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    // On a loaded machine a client may miss nats-server's time to authenticate: it connects again.
    const options = { waitOnFirstConnect: true, maxReconnectAttempts: 10, reconnectTimeWait: 200 };
    [backEnd, admin] = await Promise.all([
      connect({ ...stack.natsOptions(BackEndNatsAccess.user), ...options }),
      connect({ ...stack.natsOptions(NATS_ADMIN), ...options }),
    ]);
  });

  afterAll(async () => {
    await Promise.all([backEnd?.close(), admin?.close(), db?.end()]);
    await stack?.stop();
  });

  describe('add-member (server code only)', () => {
    it('adds a user with the back end credential, answering the member without its user', async () => {
      const [owner, joiner] = await Promise.all([signUpActor(stack, 'owner'), signUpActor(stack, 'joiner')]);
      const { id } = await organization(owner);
      const added = await addMember(id, joiner.id, ['member', 'admin']);
      expect(added.response).toEqual({
        id: expect.any(String),
        organizationId: id,
        userId: joiner.id,
        role: 'member,admin',
        createdAt: expect.any(String),
      });
      expect(await rolesIn(id, joiner)).toEqual({ [owner.id]: 'owner', [joiner.id]: 'member,admin' });
    });

    it('refuses a member again, an unknown user, an unknown role, an unknown organization, and a full one', async () => {
      const [owner, joiner] = await Promise.all([signUpActor(stack, 'owner'), signUpActor(stack, 'joiner')]);
      const { id } = await organization(owner, [[joiner, 'member']]);
      expect((await addMember(id, joiner.id)).err).toMatchObject({
        code: 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION',
        status: 400,
      });
      expect((await addMember(id, 'no-such-user')).err).toMatchObject({ code: 'USER_NOT_FOUND', status: 400 });
      expect((await addMember(id, owner.id, 'wizard')).err).toMatchObject({
        code: 'ROLE_NOT_FOUND',
        message: 'ROLE_NOT_FOUND: wizard',
      });
      expect((await addMember('no-such-organization', joiner.id)).err).toMatchObject({
        code: 'ORGANIZATION_NOT_FOUND',
      });
      const more = await Promise.all([1, 2, 3, 4].map(() => signUpActor(stack, 'more')));
      for (const actor of more.slice(0, 2)) expect((await addMember(id, actor.id)).response).toBeDefined();
      // One place left, two racing for it: one gets in, the other is told the organization is full.
      const race = await Promise.all(more.slice(2).map((actor) => addMember(id, actor.id)));
      expect(race.filter(({ response }) => response)).toHaveLength(1);
      expect(race.find(({ err }) => err)?.err).toMatchObject({
        code: 'ORGANIZATION_MEMBERSHIP_LIMIT_REACHED',
        status: 403,
      });
      expect((await listMembers(owner, { organizationId: id })).body.total).toBe(MEMBERSHIP_LIMIT);
    });

    it('has no HTTP route, as the reference', async () => {
      const owner = await signUpActor(stack, 'owner');
      const { id } = await organization(owner);
      const answer = await owner.post('/organization/add-member', {
        userId: owner.id,
        role: 'admin',
        organizationId: id,
      });
      expect(answer.status).toBe(404);
    });
  });

  describe('reading members', () => {
    let owner: Actor;
    let adminUser: Actor;
    let member: Actor;
    let outsider: Actor;
    let acme: Awaited<ReturnType<typeof organization>>;

    beforeAll(async () => {
      [owner, adminUser, member, outsider] = await Promise.all(
        ['owner', 'admin', 'member', 'outsider'].map((label) => signUpActor(stack, label)),
      );
      acme = await organization(owner, [
        [adminUser, 'admin'],
        [member, 'member'],
      ]);
    });

    it('lists members with their users, oldest first, to every member', async () => {
      const listed = await listMembers(member, { organizationId: acme.id });
      expect(listed.status).toBe(200);
      expect(listed.body.total).toBe(3);
      expect(listed.body.members.map(({ userId }) => userId)).toEqual([owner.id, adminUser.id, member.id]);
      expect(listed.body.members[1]).toEqual({
        id: acme.memberId(adminUser),
        organizationId: acme.id,
        userId: adminUser.id,
        role: 'admin',
        createdAt: expect.any(String),
        user: { id: adminUser.id, name: adminUser.name, email: adminUser.email, image: null },
      });
      const bySlug = await listMembers(owner, { organizationSlug: acme.slug });
      expect(bySlug.body.total).toBe(3);
    });

    it('pages, sorts and filters', async () => {
      const page = await listMembers(owner, { organizationId: acme.id, limit: 1, offset: 1 });
      expect(page.body).toMatchObject({ total: 3, members: [{ userId: adminUser.id }] });
      const beyond = await listMembers(owner, { organizationId: acme.id, offset: 10 });
      expect(beyond.body).toEqual({ members: [], total: 3 });
      const sorted = await listMembers(owner, { organizationId: acme.id, sortBy: 'role', sortDirection: 'desc' });
      expect(sorted.body.members.map(({ role }) => role)).toEqual(['owner', 'member', 'admin']);
      const admins = await listMembers(owner, { organizationId: acme.id, filterField: 'role', filterValue: 'admin' });
      expect(admins.body).toMatchObject({ total: 1, members: [{ userId: adminUser.id }] });
      const notAdmins = await listMembers(owner, {
        organizationId: acme.id,
        filterField: 'role',
        filterOperator: 'ne',
        filterValue: 'admin',
      });
      expect(notAdmins.body.total).toBe(2);
      const since = await listMembers(owner, {
        organizationId: acme.id,
        filterField: 'createdAt',
        filterOperator: 'gte',
        filterValue: page.body.members[0].createdAt,
      });
      expect(since.body.members.map(({ userId }) => userId)).toEqual([adminUser.id, member.id]);
      const prefixed = await listMembers(owner, {
        organizationId: acme.id,
        filterField: 'role',
        filterOperator: 'starts_with',
        filterValue: 'own',
      });
      expect(prefixed.body.members.map(({ userId }) => userId)).toEqual([owner.id]);
    });

    it('refuses non-members, unknown organizations and bad queries', async () => {
      expect(await listMembers(outsider, { organizationId: acme.id })).toMatchObject({
        status: 403,
        body: { code: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION' },
      });
      expect(await listMembers(owner, { organizationSlug: 'no-such-slug' })).toMatchObject({
        status: 400,
        body: { code: 'ORGANIZATION_NOT_FOUND' },
      });
      // Added by server code, the member has no active organization; the owner's is the one they created.
      expect(await listMembers(member, {})).toMatchObject({ status: 400, body: { code: 'NO_ACTIVE_ORGANIZATION' } });
      expect((await listMembers(owner, {})).body.total).toBe(3);
      for (const bad of [
        { sortBy: 'password' },
        { filterField: 'role', filterOperator: 'like', filterValue: 'x' },
        { limit: '-1' },
        { filterField: 'createdAt', filterValue: 'yesterday' },
      ]) {
        expect(await listMembers(owner, { organizationId: acme.id, ...bad })).toMatchObject({
          status: 400,
          body: { code: 'VALIDATION_ERROR' },
        });
      }
    });

    it("answers the caller's role, or another member's, to members only", async () => {
      const role = (actor: Actor, query: Record<string, string>) =>
        actor.get<{ role: string }>('/organization/get-active-member-role', query);
      expect(await role(adminUser, { organizationId: acme.id })).toMatchObject({
        status: 200,
        body: { role: 'admin' },
      });
      expect((await role(member, { organizationSlug: acme.slug, userId: owner.id })).body).toEqual({ role: 'owner' });
      const notMember = { status: 403, body: { code: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION' } };
      expect(await role(member, { organizationId: acme.id, userId: outsider.id })).toMatchObject(notMember);
      expect(await role(outsider, { organizationId: acme.id, userId: owner.id })).toMatchObject(notMember);
      expect(await role(member, {})).toMatchObject({ status: 400, body: { code: 'NO_ACTIVE_ORGANIZATION' } });
      expect((await role(owner, {})).body).toEqual({ role: 'owner' });
    });

    it("answers get-active-member from the session's active organization", async () => {
      expect(await owner.get('/organization/get-active-member')).toMatchObject({
        status: 200,
        body: {
          id: acme.memberId(owner),
          organizationId: acme.id,
          userId: owner.id,
          role: 'owner',
          createdAt: expect.any(String),
          user: { id: owner.id, name: owner.name, email: owner.email, image: null },
        },
      });
      expect(await member.get('/organization/get-active-member')).toMatchObject({
        status: 400,
        body: { code: 'NO_ACTIVE_ORGANIZATION' },
      });
      // A session naming an organization its user is not in (only for the moment a membership event takes to
      // reach the session service): the test sends that caller itself.
      const stale = await ask<Member>(admin, MemberRpc.getActive, {
        userId: outsider.id,
        activeOrganizationId: acme.id,
        activeTeamId: null,
      });
      expect(stale.err).toMatchObject({ code: 'MEMBER_NOT_FOUND', status: 400 });
    });

    it('checks permissions against the role the service records', async () => {
      const check = (actor: Actor, body: object) =>
        actor.post<{ error: null; success: boolean }>('/organization/has-permission', {
          organizationId: acme.id,
          ...body,
        });
      const success = async (actor: Actor, permissions: Record<string, string[]>) =>
        (await check(actor, { permissions })).body.success;
      expect(await success(owner, { organization: ['delete'] })).toBe(true);
      expect(await success(adminUser, { organization: ['delete'] })).toBe(false);
      expect(await success(adminUser, { member: ['update', 'delete'], invitation: ['create'] })).toBe(true);
      expect(await success(member, { member: ['update'] })).toBe(false);
      expect(await success(owner, { member: [] })).toBe(false);
      expect((await check(adminUser, { permissions: { member: ['update'] } })).body).toEqual({
        error: null,
        success: true,
      });
      // The deprecated key is always denied; both keys, or neither, is a bad request.
      expect((await check(owner, { permission: { member: ['update'] } })).body.success).toBe(false);
      const both = { permission: { member: ['update'] }, permissions: { member: ['update'] } };
      expect(await check(owner, both)).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
      expect(await check(owner, {})).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
      // A role named by the client is no field of the request: only the recorded one counts.
      const claimed = await check(member, { permissions: { member: ['delete'] }, role: 'owner' });
      expect(claimed.body).toEqual({ error: null, success: false });
      expect(await check(outsider, { permissions: { member: ['update'] } })).toMatchObject({
        status: 401,
        body: { code: 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION' },
      });
      expect((await owner.post('/organization/has-permission', { permissions: { team: ['create'] } })).body).toEqual({
        error: null,
        success: true,
      });
      expect(await member.post('/organization/has-permission', { permissions: { member: ['update'] } })).toMatchObject({
        status: 400,
        body: { code: 'NO_ACTIVE_ORGANIZATION' },
      });
    });
  });

  describe('changing roles', () => {
    it('lets owners and admins change roles up to their own, answering the member without its user', async () => {
      const [owner, adminUser, member] = await Promise.all(
        ['owner', 'admin', 'member'].map((label) => signUpActor(stack, label)),
      );
      const acme = await organization(owner, [
        [adminUser, 'admin'],
        [member, 'member'],
      ]);
      const update = (actor: Actor, target: Actor, role: string | string[]) =>
        actor.post<Member>('/organization/update-member-role', {
          organizationId: acme.id,
          memberId: acme.memberId(target),
          role,
        });
      const promoted = await update(adminUser, member, ['member', 'admin']);
      expect(promoted).toMatchObject({ status: 200, body: { userId: member.id, role: 'member,admin' } });
      expect(promoted.body.user).toBeUndefined();
      const notAllowed = { status: 403, body: { code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER' } };
      expect(await update(adminUser, member, 'owner')).toMatchObject(notAllowed);
      expect(await update(adminUser, owner, 'member')).toMatchObject(notAllowed);
      expect(await update(owner, member, 'member')).toMatchObject({ status: 200, body: { role: 'member' } });
      expect(await update(member, adminUser, 'member')).toMatchObject(notAllowed);
      expect(await update(owner, member, 'wizard')).toMatchObject({
        status: 400,
        body: { code: 'ROLE_NOT_FOUND', message: 'ROLE_NOT_FOUND: wizard' },
      });
      expect(await update(owner, member, '')).toMatchObject({ status: 400, body: { code: 'VALIDATION_ERROR' } });
      expect(await rolesIn(acme.id, owner)).toEqual({
        [owner.id]: 'owner',
        [adminUser.id]: 'admin',
        [member.id]: 'member',
      });
    });

    it('never leaves an organization without an owner', async () => {
      const [owner, other] = await Promise.all([signUpActor(stack, 'owner'), signUpActor(stack, 'other')]);
      const acme = await organization(owner, [[other, 'admin']]);
      const demote = (actor: Actor) =>
        actor.post('/organization/update-member-role', {
          organizationId: acme.id,
          memberId: acme.memberId(actor),
          role: 'admin',
        });
      expect(await demote(owner)).toMatchObject({
        status: 400,
        body: {
          code: 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER',
          message: 'You cannot leave the organization without an owner',
        },
      });
      await owner.post('/organization/update-member-role', {
        organizationId: acme.id,
        memberId: acme.memberId(other),
        role: 'owner',
      });
      expect(await demote(owner)).toMatchObject({ status: 200, body: { role: 'admin' } });
    });

    it("refuses another organization's member, and outsiders, changing nothing (S1)", async () => {
      const [owner, foreignOwner, foreigner] = await Promise.all(
        ['owner', 'foreign-owner', 'foreigner'].map((label) => signUpActor(stack, label)),
      );
      const acme = await organization(owner);
      const globex = await organization(foreignOwner, [[foreigner, 'member']]);
      const crossed = await owner.post('/organization/update-member-role', {
        organizationId: acme.id,
        memberId: globex.memberId(foreigner),
        role: 'admin',
      });
      expect(crossed).toMatchObject({ status: 403, body: { code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER' } });
      expect(
        await owner.post('/organization/update-member-role', {
          organizationId: globex.id,
          memberId: globex.memberId(foreigner),
          role: 'admin',
        }),
      ).toMatchObject({ status: 400, body: { code: 'MEMBER_NOT_FOUND' } });
      expect(
        await foreigner.post('/organization/update-member-role', {
          memberId: globex.memberId(foreigner),
          role: 'admin',
        }),
      ).toMatchObject({ status: 400, body: { code: 'NO_ACTIVE_ORGANIZATION' } });
      expect(await rolesIn(globex.id, foreignOwner)).toEqual({ [foreignOwner.id]: 'owner', [foreigner.id]: 'member' });
    });
  });

  describe('removing members and leaving', () => {
    it('removes by id (the member alone) or by email in any case (the member with its user)', async () => {
      const [owner, adminUser, first, second] = await Promise.all(
        ['owner', 'admin', 'first', 'second'].map((label) => signUpActor(stack, label)),
      );
      const acme = await organization(owner, [
        [adminUser, 'admin'],
        [first, 'member'],
        [second, 'member'],
      ]);
      const remove = (actor: Actor, memberIdOrEmail: string) =>
        actor.post<{ member: Member }>('/organization/remove-member', { organizationId: acme.id, memberIdOrEmail });
      const byId = await remove(adminUser, acme.memberId(first));
      expect(byId.status).toBe(200);
      expect(byId.body.member).toEqual({
        id: acme.memberId(first),
        organizationId: acme.id,
        userId: first.id,
        role: 'member',
        createdAt: expect.any(String),
      });
      const byEmail = await remove(adminUser, second.email.toUpperCase());
      expect(byEmail.body.member).toMatchObject({
        userId: second.id,
        user: { id: second.id, email: second.email, name: second.name, image: null },
      });
      expect(await rolesIn(acme.id, owner)).toEqual({ [owner.id]: 'owner', [adminUser.id]: 'admin' });
      expect((await listMembers(owner, { organizationId: acme.id })).body.total).toBe(2);
      expect(await removals(acme.id)).toEqual([
        { userId: first.id, reason: 'removed' },
        { userId: second.id, reason: 'removed' },
      ]);
    });

    it('refuses members without member:delete (401), the last owner, outsiders and unknown members', async () => {
      const [owner, adminUser, member, outsider] = await Promise.all(
        ['owner', 'admin', 'member', 'outsider'].map((label) => signUpActor(stack, label)),
      );
      const acme = await organization(owner, [
        [adminUser, 'admin'],
        [member, 'member'],
      ]);
      const remove = (actor: Actor, memberIdOrEmail: string) =>
        actor.post('/organization/remove-member', { organizationId: acme.id, memberIdOrEmail });
      expect(await remove(member, acme.memberId(adminUser))).toMatchObject({
        status: 401,
        body: { code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER' },
      });
      const onlyOwner = { status: 400, body: { code: 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER' } };
      expect(await remove(adminUser, acme.memberId(owner))).toMatchObject(onlyOwner);
      expect(await remove(owner, owner.email)).toMatchObject(onlyOwner);
      const notFound = { status: 400, body: { code: 'MEMBER_NOT_FOUND' } };
      expect(await remove(outsider, acme.memberId(member))).toMatchObject(notFound);
      expect(await remove(owner, 'no-such-member')).toMatchObject(notFound);
      expect(await remove(owner, outsider.email)).toMatchObject(notFound);
      expect(
        await adminUser.post('/organization/remove-member', { memberIdOrEmail: acme.memberId(member) }),
      ).toMatchObject({
        status: 400,
        body: { code: 'NO_ACTIVE_ORGANIZATION' },
      });
      expect(Object.keys(await rolesIn(acme.id, owner))).toHaveLength(3);
    });

    it("refuses another organization's member by id or email, changing nothing", async () => {
      const [owner, foreignOwner, foreigner] = await Promise.all(
        ['owner', 'foreign-owner', 'foreigner'].map((label) => signUpActor(stack, label)),
      );
      const acme = await organization(owner);
      const globex = await organization(foreignOwner, [[foreigner, 'member']]);
      for (const memberIdOrEmail of [globex.memberId(foreigner), globex.memberId(foreignOwner), foreigner.email]) {
        expect(
          await owner.post('/organization/remove-member', { organizationId: acme.id, memberIdOrEmail }),
        ).toMatchObject({ status: 400, body: { code: 'MEMBER_NOT_FOUND' } });
      }
      expect(Object.keys(await rolesIn(globex.id, foreignOwner))).toHaveLength(2);
    });

    it('lets an owner remove another owner or themself, and clears the organization they left from their session', async () => {
      const [owner, coOwner, third] = await Promise.all(
        ['owner', 'co-owner', 'third'].map((label) => signUpActor(stack, label)),
      );
      const noActive = { status: 400, body: { code: 'NO_ACTIVE_ORGANIZATION' } };
      const acme = await organization(owner, [
        [coOwner, 'owner'],
        [third, 'owner'],
      ]);
      const remove = (memberIdOrEmail: string) =>
        owner.post('/organization/remove-member', { organizationId: acme.id, memberIdOrEmail });
      expect(await remove(acme.memberId(coOwner))).toMatchObject({ status: 200 });
      expect(await owner.get('/organization/get-active-member')).toMatchObject({ status: 200 });
      expect(await teamsOf(acme.id, owner.id)).toBe(1);
      expect(await remove(owner.email)).toMatchObject({ status: 200, body: { member: { userId: owner.id } } });
      expect(await teamsOf(acme.id, owner.id)).toBe(0);
      expect(await owner.get('/organization/get-active-member')).toMatchObject(noActive);
      const globex = await organization(owner, [[coOwner, 'owner']]);
      expect(await owner.get('/organization/get-active-member')).toMatchObject({ status: 200 });
      expect(await owner.post('/organization/leave', { organizationId: globex.id })).toMatchObject({ status: 200 });
      expect(await teamsOf(globex.id, owner.id)).toBe(0);
      expect(await owner.get('/organization/get-active-member')).toMatchObject(noActive);
    });

    it('lets members leave, answering the membership with its user, but not the last owner', async () => {
      const [owner, member, outsider] = await Promise.all(
        ['owner', 'member', 'outsider'].map((label) => signUpActor(stack, label)),
      );
      const acme = await organization(owner, [[member, 'member']]);
      const leave = (actor: Actor) => actor.post<Member>('/organization/leave', { organizationId: acme.id });
      expect(await leave(owner)).toMatchObject({
        status: 400,
        body: {
          code: 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER',
          message: 'You cannot leave the organization as the only owner',
        },
      });
      expect(await leave(outsider)).toMatchObject({ status: 400, body: { code: 'MEMBER_NOT_FOUND' } });
      const left = await leave(member);
      expect(left).toMatchObject({
        status: 200,
        body: { id: acme.memberId(member), userId: member.id, user: { email: member.email } },
      });
      expect(await leave(member)).toMatchObject({ status: 400, body: { code: 'MEMBER_NOT_FOUND' } });
      expect(await removals(acme.id)).toEqual([{ userId: member.id, reason: 'left' }]);
      expect(await owner.post('/organization/leave', {})).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_ERROR' },
      });
    });
  });

  describe('a user deleted in identity', () => {
    const deleteUser = (actor: Actor) => actor.post('/delete-user', { password: PASSWORD });

    it('leaves every organization, and the longest-standing admin owns what they owned alone', async () => {
      const [owner, firstAdmin, secondAdmin, member, soloist] = await Promise.all(
        ['owner', 'first-admin', 'second-admin', 'member', 'soloist'].map((label) => signUpActor(stack, label)),
      );
      const acme = await organization(owner, [
        [member, 'member'],
        [firstAdmin, 'admin'],
        [secondAdmin, 'admin'],
      ]);
      const globex = await organization(soloist, [[owner, 'member']]);
      expect(await deleteUser(owner)).toMatchObject({ status: 200 });
      await eventually(async () => ((await rolesIn(acme.id, member))[owner.id] === undefined ? true : undefined));
      expect(await rolesIn(acme.id, member)).toEqual({
        [member.id]: 'member',
        [firstAdmin.id]: 'owner',
        [secondAdmin.id]: 'admin',
      });
      await eventually(async () => (Object.keys(await rolesIn(globex.id, soloist)).length === 1 ? true : undefined));
      expect(await removals(acme.id)).toEqual([{ userId: owner.id, reason: 'user-deleted' }]);
      expect(await removals(globex.id)).toEqual([{ userId: owner.id, reason: 'user-deleted' }]);
      expect(await teamsOf(acme.id, owner.id)).toBe(0);
    });

    it('hands an organization without admins to its longest-standing member, and closes one left empty', async () => {
      const [owner, elder, younger, loner] = await Promise.all(
        ['owner', 'elder', 'younger', 'loner'].map((label) => signUpActor(stack, label)),
      );
      const acme = await organization(owner, [
        [elder, 'member'],
        [younger, 'member'],
      ]);
      const solo = await organization(loner);
      await Promise.all([deleteUser(owner), deleteUser(loner)]);
      await eventually(async () => ((await rolesIn(acme.id, elder))[owner.id] === undefined ? true : undefined));
      expect(await rolesIn(acme.id, elder)).toEqual({ [elder.id]: 'owner', [younger.id]: 'member' });
      await eventually(async () => {
        const { rows } = await db.query('SELECT 1 FROM organization.organizations WHERE id = $1', [solo.id]);
        return rows.length === 0 ? true : undefined;
      });
      expect(await removals(solo.id)).toEqual([{ userId: loner.id, reason: 'user-deleted' }]);
      // Its slug is free again.
      const reused = await elder.post('/organization/create', { name: 'Solo', slug: solo.slug });
      expect(reused.status).toBe(200);
    });
  });
});
