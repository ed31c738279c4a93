import { OrganizationErrors } from '@authsvc/errors';
import type { OrganizationDatabase } from './support/organization-database';
import { refusals } from './support/refusals';
import { openOrganizationDatabase, type OrganizationFactories } from './support/organization-factories';

// The organization and member lookups that creations, removals and role changes decide on (OrganizationReads,
// MemberReads), against real PostgreSQL, on rows the service's own decisions appended.
let db: OrganizationDatabase;
let make: OrganizationFactories;

beforeAll(async () => ({ db, make } = await openOrganizationDatabase()));
afterAll(() => db?.drop());

describe('the creation state', () => {
  it("counts the creator's memberships up to the limit only, and sees a slug taken", async () => {
    const creator = await make.user();
    const { slug } = await make.organization(creator);
    await make.organization(creator);
    await make.member((await make.organization(await make.user())).organizationId, creator);

    expect(await make.organizations.creationState(creator.userId, 'free-slug', 10)).toEqual({
      creatorMemberships: 3,
      slugTaken: false,
    });
    expect(await make.organizations.creationState(creator.userId, slug, 2)).toEqual({
      creatorMemberships: 2,
      slugTaken: true,
    });
    expect((await make.organizations.creationState(creator.userId, slug, 0)).creatorMemberships).toBe(0);
  });

  it('lets one of two creations racing for a slug through: the database refuses the other', async () => {
    const slug = `race-${Date.now()}`;
    const [one, two] = [await make.user(), await make.user()];
    // Both read the slug free (two new streams: no version to lose); the unique index refuses the second write.
    const racing = make.racing(2);
    const outcomes = await Promise.allSettled([
      racing.organization(one, undefined, slug),
      racing.organization(two, undefined, slug),
    ]);
    expect(refusals(outcomes)).toEqual([OrganizationErrors.ORGANIZATION_ALREADY_EXISTS.code]);
    const winner = await make.organizations.organizationBySlug(slug);
    const creators = await Promise.all([one, two].map(({ userId }) => make.members.organizationsOf(userId)));
    expect(creators.flat()).toEqual([winner!.id]);
  });
});

describe('the member reads', () => {
  it("find an organization's members and nobody else's", async () => {
    const owner = await make.user();
    const { organizationId, ownerMemberId } = await make.organization(owner);
    const member = await make.user(`Member.${owner.userId}@Example.com`);
    const memberId = await make.member(organizationId, member, 'admin');
    const outsider = await make.user();
    const other = await make.organization(outsider);
    await make.member(other.organizationId, member);

    expect(await make.organizations.withCaller(organizationId, outsider.userId)).toMatchObject({
      organization: { id: organizationId },
      caller: null,
    });
    expect((await make.organizations.members(organizationId)).map(({ memberId: id }) => id).sort()).toEqual(
      [ownerMemberId, memberId].sort(),
    );
    expect(await make.members.byEmail(organizationId, member.email.toUpperCase())).toMatchObject({ id: memberId });
    expect(await make.members.byEmail(organizationId, outsider.email)).toBeNull();
    expect(await make.members.withUser(organizationId, member.userId)).toMatchObject({
      id: memberId,
      role: 'admin',
      email: member.email,
    });
    expect(await make.members.placed(memberId)).toEqual({
      memberId,
      userId: member.userId,
      role: 'admin',
      organizationId,
    });
    expect((await make.members.organizationsOf(member.userId)).sort()).toEqual(
      [organizationId, other.organizationId].sort(),
    );
    expect(await make.members.count(organizationId)).toBe(2);
  });

  it('count owners up to two, among comma-joined roles', async () => {
    const owner = await make.user();
    const { organizationId } = await make.organization(owner);
    expect(await make.members.owners(organizationId)).toBe(1);
    await make.member(organizationId, await make.user(), 'admin,owner');
    await make.member(organizationId, await make.user(), 'owner');
    await make.member(organizationId, await make.user(), 'member');
    expect(await make.members.owners(organizationId)).toBe(2);
  });

  it('find the longest-standing other member, holding a role or any', async () => {
    const owner = await make.user();
    const { organizationId, ownerMemberId } = await make.organization(owner);
    const [admin, later] = [await make.user(), await make.user()];
    const inSeconds = (seconds: number) => new Date(Date.now() + seconds * 1000);
    const adminId = await make.member(organizationId, admin, 'member,admin', inSeconds(1));
    await make.member(organizationId, later, 'admin', inSeconds(2));

    expect(await make.members.oldestOther(organizationId, owner.userId, 'admin')).toEqual({
      memberId: adminId,
      userId: admin.userId,
      role: 'member,admin',
    });
    expect((await make.members.oldestOther(organizationId, admin.userId, null))?.memberId).toBe(ownerMemberId);
    expect(await make.members.oldestOther(organizationId, owner.userId, 'billing')).toBeNull();
  });

  it('record one of two additions of a user racing: the other is decided again and refused', async () => {
    const owner = await make.user();
    const { organizationId } = await make.organization(owner);
    const user = await make.user();
    const outcomes = await Promise.allSettled([make.member(organizationId, user), make.member(organizationId, user)]);
    const refused = outcomes.filter((outcome) => outcome.status === 'rejected') as PromiseRejectedResult[];
    expect(refused.map(({ reason }) => (reason as { code: string }).code)).toEqual([
      OrganizationErrors.USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION.code,
    ]);
    expect(await make.members.count(organizationId)).toBe(2);
  });
});
