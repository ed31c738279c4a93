import { signUpActor, type Actor } from './support/actor.js';
import { MemberRpc } from '@authsvc/contracts';
import { askNats } from './support/nats-rpc.js';
import {
  MEMBERSHIP_LIMIT,
  memberSteps,
  startMemberWorld,
  type Member,
  type MemberWorld,
} from './support/member-steps.js';
import type { NatsConnection } from '@nats-io/transport-node';
import type { TestStack } from './support/test-stack.js';

describe('organization members', () => {
  let world: MemberWorld;
  let stack: TestStack, admin: NatsConnection;
  const { addMember, organization, listMembers, rolesIn } = memberSteps(() => world);
  /** A request as Nest's NATS client sends it, over a connection of the test's choosing. */
  const ask = <T>(nc: NatsConnection, rpc: Parameters<typeof askNats<T>>[1], data: object) =>
    askNats<T>(nc, rpc, data, 'members');

  beforeAll(async () => {
    world = await startMemberWorld();
    ({ stack, admin } = world);
  });
  afterAll(() => world?.stop());

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
});
