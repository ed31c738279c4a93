import { organizationClient } from 'better-auth/client/plugins';
import { uniqueSlug } from './support/actor.js';
import { connectClient } from './support/client.js';
import { uniqueEmail } from './support/http.js';
import { TestStack } from './support/test-stack.js';

const PASSWORD = 'client-password-1';

/** The published client with the organization plugin (teams on), unchanged. */
const connect = (baseURL: string) => connectClient(baseURL, [organizationClient({ teams: { enabled: true } })]);

type Client = ReturnType<typeof connect>;

describe('the published better-auth client with organizationClient against the gateway', () => {
  let stack: TestStack;

  beforeAll(async () => {
    stack = await TestStack.start();
  });

  afterAll(() => stack?.stop());

  async function signedUp(name: string): Promise<{ client: Client; email: string; id: string }> {
    const client = connect(stack.baseUrl);
    const email = uniqueEmail(`client-${name}`);
    const { data, error } = await client.signUp.email({ name, email, password: PASSWORD });
    expect(error).toBeNull();
    return { client, email, id: data!.user.id };
  }

  it('creates, lists and activates organizations, invites a member who accepts, and manages members and teams', async () => {
    const owner = await signedUp('owner');
    const joiner = await signedUp('joiner');
    const slug = uniqueSlug('client');

    const created = await owner.client.organization.create({ name: 'Client Org', slug, metadata: { plan: 'pro' } });
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ name: 'Client Org', slug, metadata: { plan: 'pro' } });
    const organizationId = created.data!.id;
    const other = await owner.client.organization.create({
      name: 'Other Org',
      slug: uniqueSlug('client-other'),
      keepCurrentActiveOrganization: true,
    });
    expect(other.error).toBeNull();
    expect((await owner.client.getSession()).data?.session).toMatchObject({ activeOrganizationId: organizationId });

    const listed = await owner.client.organization.list();
    expect(listed.data?.map(({ id }) => id).sort()).toEqual([organizationId, other.data!.id].sort());

    const activated = await owner.client.organization.setActive({ organizationId: other.data!.id });
    expect(activated).toMatchObject({ error: null, data: { id: other.data!.id } });
    expect((await owner.client.getSession()).data?.session.activeOrganizationId).toBe(other.data!.id);
    expect((await owner.client.organization.setActive({ organizationId })).error).toBeNull();

    const full = await owner.client.organization.getFullOrganization();
    expect(full.error).toBeNull();
    expect(full.data).toMatchObject({ id: organizationId, members: [{ userId: owner.id, role: 'owner' }] });
    expect(full.data!.teams).toHaveLength(1);

    const invitation = await owner.client.organization.inviteMember({ email: joiner.email, role: 'member' });
    expect(invitation).toMatchObject({ error: null, data: { email: joiner.email, role: 'member', status: 'pending' } });
    const accepted = await joiner.client.organization.acceptInvitation({ invitationId: invitation.data!.id });
    expect(accepted).toMatchObject({
      error: null,
      data: { invitation: { status: 'accepted' }, member: { userId: joiner.id, role: 'member' } },
    });
    expect((await joiner.client.getSession()).data?.session.activeOrganizationId).toBe(organizationId);
    const again = await joiner.client.organization.acceptInvitation({ invitationId: invitation.data!.id });
    expect(again.data).toBeNull();
    expect(again.error).toMatchObject({ status: 400 });

    const members = await owner.client.organization.listMembers();
    expect(members.error).toBeNull();
    expect(members.data).toMatchObject({ total: 2 });
    const joinerMember = members.data!.members.find(({ userId }) => userId === joiner.id)!;

    const active = await joiner.client.organization.getActiveMember();
    expect(active).toMatchObject({ error: null, data: { id: joinerMember.id, role: 'member' } });
    const mayInvite = await joiner.client.organization.hasPermission({ permissions: { invitation: ['create'] } });
    expect(mayInvite).toMatchObject({ error: null, data: { success: false } });
    expect(
      joiner.client.organization.checkRolePermission({ role: 'admin', permissions: { invitation: ['create'] } }),
    ).toBe(true);
    expect(
      joiner.client.organization.checkRolePermission({ role: 'member', permissions: { invitation: ['create'] } }),
    ).toBe(false);

    const promoted = await owner.client.organization.updateMemberRole({ memberId: joinerMember.id, role: 'admin' });
    expect(promoted).toMatchObject({ error: null, data: { id: joinerMember.id, role: 'admin' } });
    const refused = await joiner.client.organization.updateMemberRole({
      memberId: full.data!.members[0].id,
      role: 'member',
    });
    expect(refused.data).toBeNull();
    expect(refused.error).toMatchObject({ status: 403 });

    const team = await joiner.client.organization.createTeam({ name: 'Client Team' });
    expect(team).toMatchObject({ error: null, data: { name: 'Client Team', organizationId } });
    const teams = await owner.client.organization.listTeams();
    expect(teams.data?.map(({ name }) => name).sort()).toEqual(['Client Org', 'Client Team']);
    expect(
      (await joiner.client.organization.addTeamMember({ teamId: team.data!.id, userId: joiner.id })).error,
    ).toBeNull();
    const activeTeam = await joiner.client.organization.setActiveTeam({ teamId: team.data!.id });
    expect(activeTeam).toMatchObject({ error: null, data: { id: team.data!.id } });
    expect((await joiner.client.getSession()).data?.session).toMatchObject({
      activeOrganizationId: organizationId,
      activeTeamId: team.data!.id,
    });

    const left = await joiner.client.organization.leave({ organizationId });
    expect(left).toMatchObject({ error: null, data: { userId: joiner.id } });
    expect((await joiner.client.organization.list()).data).toEqual([]);
    const gone = await owner.client.organization.removeMember({ memberIdOrEmail: joiner.email });
    expect(gone.data).toBeNull();
    expect(gone.error).toMatchObject({ status: 400, code: 'MEMBER_NOT_FOUND' });
  });

  it('removes a member, who then sees no organization', async () => {
    const owner = await signedUp('remover');
    const removed = await signedUp('removed');
    const created = await owner.client.organization.create({ name: 'Removal', slug: uniqueSlug('client-rm') });
    const invitation = await owner.client.organization.inviteMember({ email: removed.email, role: 'admin' });
    expect(
      (await removed.client.organization.acceptInvitation({ invitationId: invitation.data!.id })).error,
    ).toBeNull();
    const result = await owner.client.organization.removeMember({
      memberIdOrEmail: removed.email,
      organizationId: created.data!.id,
    });
    expect(result).toMatchObject({ error: null, data: { member: { userId: removed.id, role: 'admin' } } });
    expect((await removed.client.organization.list()).data).toEqual([]);
    expect((await removed.client.organization.getActiveMember()).error).toMatchObject({ status: 400 });
  });
});
