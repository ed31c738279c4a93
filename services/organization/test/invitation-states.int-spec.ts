import { MemberRemoved } from '@authsvc/contracts';
import { OrganizationErrors } from '@authsvc/errors';
import { pendingEvent } from '@authsvc/platform';
import { teamRemoval } from '../src/kernel/organization-closing';
import type { OrganizationDatabase } from './support/organization-database';
import { refusals } from './support/refusals';
import {
  invitationRules,
  openOrganizationDatabase,
  organizationRules,
  type OrganizationFactories,
  type TestUser,
} from './support/organization-factories';

// The invitation commands' state loaders (InvitationStates, InvitationReads) against real PostgreSQL, on rows the
// service's own decisions appended: what each decision is given, and how racing accepts end.
let db: OrganizationDatabase;
let make: OrganizationFactories;

beforeAll(async () => ({ db, make } = await openOrganizationDatabase()));
afterAll(() => db?.drop());

const TWO_HOURS_AGO = () => new Date(Date.now() - 2 * 3600 * 1000);
const inviteCommand = (inviter: TestUser, email: string, teamId: string | null = null) => ({
  invitationId: 'not-used',
  email,
  role: 'member',
  teamId,
  resend: false,
  inviter: { userId: inviter.userId, name: 'Inviter', email: inviter.email },
  now: new Date(),
});

describe('the invite state', () => {
  it("counts the organization's open invitations only and finds the pending one to the address, in any case", async () => {
    const owner = await make.user();
    const { organizationId, teamId } = await make.organization(owner);
    const pendingId = await make.invite(organizationId, owner, 'pending@example.com');
    await make.invite(organizationId, owner, 'expired@example.com', { now: TWO_HOURS_AGO() });
    await make.cancel(await make.invite(organizationId, owner, 'canceled@example.com'), owner);
    const otherOwner = await make.user();
    const elsewhere = await make.organization(otherOwner);
    await make.invite(elsewhere.organizationId, otherOwner, 'pending@example.com');

    const { version, state } = await make.states.invite(
      organizationId,
      inviteCommand(owner, 'PENDING@Example.com', teamId),
    );

    expect(version).toBe(await db.version(organizationId));
    expect(state.organization?.id).toBe(organizationId);
    expect(state.caller).toEqual({ memberId: expect.any(String), userId: owner.userId, role: 'owner' });
    expect(state.openInvitations).toBe(1);
    expect(state.pending).toMatchObject({ id: pendingId, organizationId, email: 'pending@example.com' });
    expect(state.inviteeIsMember).toBe(false);
    expect(state.team).toEqual({ teamId, members: 1 });
  });

  it('knows a member by the address of their profile, whatever its case', async () => {
    const owner = await make.user();
    const { organizationId } = await make.organization(owner);
    const member = await make.user(`Mixed.${owner.userId}@Example.com`);
    await make.member(organizationId, member);

    const { state } = await make.states.invite(organizationId, inviteCommand(owner, member.email.toLowerCase()));
    expect(state.inviteeIsMember).toBe(true);
    expect(state.pending).toBeNull();
  });

  it('gives no team of another organization, and nothing beyond the organization to a caller who is no member', async () => {
    const owner = await make.user();
    const { organizationId } = await make.organization(owner);
    await make.invite(organizationId, owner, 'someone@example.com');
    const stranger = await make.user();
    const foreign = await make.organization(stranger);

    const asOwner = await make.states.invite(organizationId, inviteCommand(owner, 'new@example.com', foreign.teamId));
    expect(asOwner.state.team).toBeNull();

    const asStranger = await make.states.invite(organizationId, inviteCommand(stranger, 'someone@example.com'));
    expect(asStranger.state).toMatchObject({ caller: null, openInvitations: 0, pending: null, team: null });
    expect(asStranger.state.organization?.id).toBe(organizationId);
  });
});

describe('the accept state', () => {
  it('follows an invitation from pending to accepted, with the members and the seats of its team', async () => {
    const owner = await make.user();
    const { organizationId, teamId } = await make.organization(owner);
    const invitee = await make.user();
    const invitationId = await make.invite(organizationId, owner, invitee.email, { teamId });

    const before = await make.states.accept(invitationId, invitee.userId);
    expect(before.version).toBe(await db.version(organizationId));
    expect(before.profileKnown).toBe(true);
    expect(before.state).toMatchObject({
      invitation: { id: invitationId, organizationId, status: 'pending', teamId, inviterId: owner.userId },
      inviterIsMember: true,
      inviteeIsMember: false,
      members: 1,
      team: { teamId, members: 1 },
    });

    await make.accept(invitationId, invitee);
    const after = await make.states.accept(invitationId, invitee.userId);
    expect(after.version).toBeGreaterThan(before.version);
    expect(after.state).toMatchObject({
      invitation: { status: 'accepted' },
      inviteeIsMember: true,
      members: 2,
      team: { teamId, members: 2 },
    });
  });

  it('reads an expired invitation with its expiry, one of an inviter who left, and a user it does not know', async () => {
    const owner = await make.user();
    const { organizationId } = await make.organization(owner);
    const admin = await make.user();
    const adminMemberId = await make.member(organizationId, admin, 'admin');
    const expiredId = await make.invite(organizationId, owner, 'late@example.com', { now: TWO_HOURS_AGO() });
    const byAdmin = await make.invite(organizationId, admin, 'left-behind@example.com');
    await db.append(organizationId, [
      pendingEvent(MemberRemoved, {
        organizationId,
        memberId: adminMemberId,
        userId: admin.userId,
        reason: 'left',
        removedAt: new Date().toISOString(),
      }),
    ]);

    const expired = await make.states.accept(expiredId, 'unknown-user');
    expect(expired.profileKnown).toBe(false);
    expect(expired.state.invitation).toMatchObject({ status: 'pending' });
    expect(expired.state.invitation!.expiresAt.getTime()).toBeLessThan(Date.now());
    expect((await make.states.accept(byAdmin, owner.userId)).state.inviterIsMember).toBe(false);
    const missing = await make.states.accept('no-such-invitation', owner.userId);
    expect(missing).toMatchObject({ version: 0, state: { invitation: null, members: 0, team: null } });
  });

  it('gives no seats for a team removed since the invitation was made', async () => {
    const owner = await make.user();
    const { organizationId } = await make.organization(owner, { ...organizationRules, defaultTeam: false });
    const teamId = await make.team(organizationId, owner);
    const invitationId = await make.invite(organizationId, owner, 'team@example.com', { teamId });
    const team = await make.teams.withMembers(organizationId, teamId);
    await db.append(organizationId, teamRemoval(organizationId, team!, new Date().toISOString()));

    const { state } = await make.states.accept(invitationId, owner.userId);
    expect(state.team).toBeNull();
  });
});

describe('racing accepts', () => {
  it('record one accept of an invitation; the other is decided again on the accepted invitation and refused', async () => {
    const owner = await make.user();
    const { organizationId } = await make.organization(owner);
    const invitee = await make.user();
    const invitationId = await make.invite(organizationId, owner, invitee.email);
    // Two tabs answering at once: both decide on the pending invitation, one append loses the stream's version.
    const racing = make.racing(2);

    const outcomes = await Promise.allSettled([
      racing.accept(invitationId, invitee),
      racing.accept(invitationId, invitee),
    ]);
    expect(refusals(outcomes)).toEqual([OrganizationErrors.INVITATION_NOT_FOUND.code]);
    expect(await make.members.withUser(organizationId, invitee.userId)).not.toBeNull();
    expect(await make.members.count(organizationId)).toBe(2);
  });

  it('of two invitees count the member the winner added: the loser meets the membership limit', async () => {
    const owner = await make.user();
    const { organizationId } = await make.organization(owner);
    const [one, two] = [await make.user(), await make.user()];
    const oneId = await make.invite(organizationId, owner, one.email);
    const twoId = await make.invite(organizationId, owner, two.email);
    const rules = { ...invitationRules, membershipLimit: 2 };
    const racing = make.racing(2);

    const outcomes = await Promise.allSettled([racing.accept(oneId, one, rules), racing.accept(twoId, two, rules)]);
    expect(refusals(outcomes)).toEqual([OrganizationErrors.ORGANIZATION_MEMBERSHIP_LIMIT_REACHED.code]);
    expect(await make.members.count(organizationId)).toBe(2);
  });
});

describe('the invitation reads', () => {
  it("list an address's open invitations across organizations, and the sweep's expired ones", async () => {
    const email = `open-${Date.now()}@example.com`;
    const owner = await make.user();
    const { organizationId } = await make.organization(owner);
    const otherOwner = await make.user();
    const other = await make.organization(otherOwner);
    const open = await make.invite(organizationId, owner, email);
    const expired = await make.invite(other.organizationId, otherOwner, email, { now: TWO_HOURS_AGO() });
    await make.cancel(await make.invite(other.organizationId, otherOwner, `X${email}`), otherOwner);

    const listed = await make.invitations.openTo(email.toUpperCase(), new Date());
    expect(listed.map(({ id, organizationName }) => ({ id, organizationName }))).toEqual([
      { id: open, organizationName: `Organization ${(await make.organizations.organization(organizationId))!.slug}` },
    ]);
    const swept = await make.invitations.expired(new Date(), 1000);
    expect(swept.map(({ id }) => id)).toContain(expired);
    expect(swept.map(({ id }) => id)).not.toContain(open);
    expect(await make.invitations.pendingIds(other.organizationId)).toEqual([expired]);
    expect(await make.invitations.pendingTo(organizationId, email)).toMatchObject({ id: open });
  });
});
