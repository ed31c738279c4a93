import pg from 'pg';
import { signUpActor, type Actor } from './support/actor.js';
import { eventually } from './support/eventually.js';
import { memberSteps, startMemberWorld, type Member, type MemberWorld } from './support/member-steps.js';
import type { TestStack } from './support/test-stack.js';

const PASSWORD = 'correct-horse-battery-1';

describe('organization members', () => {
  let world: MemberWorld;
  let stack: TestStack, db: pg.Client;
  const { organization, listMembers, rolesIn, removals, teamsOf } = memberSteps(() => world);

  beforeAll(async () => {
    world = await startMemberWorld();
    ({ stack, db } = world);
  });
  afterAll(() => world?.stop());

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
