import { loadedFromRows, pendingEvent } from '@authsvc/platform';
import {
  InvitationRejected,
  MemberRemoved,
  MemberRoleChanged,
  OrganizationUpdated,
  TeamUpdated,
} from '@authsvc/contracts';
import { InvitationEntity } from '../src/kernel/read-models/invitation.entity';
import { MemberEntity } from '../src/kernel/read-models/member.entity';
import { decideDeleteOrganization, type DeletionState } from '../src/organization/organization.decider';
import { OrganizationEntity } from '../src/kernel/read-models/organization.entity';
import { teamRemoval } from '../src/kernel/organization-closing';
import { TeamEntity } from '../src/kernel/read-models/team.entity';
import { TeamMemberEntity } from '../src/kernel/read-models/team-member.entity';
import type { OrganizationDatabase } from './support/organization-database';
import { openOrganizationDatabase, type OrganizationFactories } from './support/organization-factories';

// The inline projections (organizations, members, invitations, teams, team members) against real PostgreSQL:
// each append changes the read models in its own transaction, and what the events say is what the rows hold.
let db: OrganizationDatabase;
let make: OrganizationFactories;

beforeAll(async () => ({ db, make } = await openOrganizationDatabase()));
afterAll(() => db?.drop());

const now = () => new Date().toISOString();
const rows = <Row extends object>(entity: new () => Row, where: Partial<Row>) =>
  db.dataSource.getRepository(entity).findBy(where as never);
/** The count the database keeps beside the organization (a trigger on the member rows). */
async function memberCount(organizationId: string): Promise<number | undefined> {
  const [row] = await db.dataSource.query<{ member_count: number }[]>(
    'SELECT member_count FROM organization.organizations WHERE id = $1',
    [organizationId],
  );
  return row?.member_count;
}

describe('the organization projections', () => {
  it('update only the fields an update names', async () => {
    const owner = await make.user();
    const { organizationId, slug } = await make.organization(owner);
    await db.append(organizationId, [
      pendingEvent(OrganizationUpdated, { organizationId, name: 'Renamed', logo: null, updatedAt: now() }),
    ]);
    expect(await make.organizations.organization(organizationId)).toMatchObject({ name: 'Renamed', slug });
    expect(await make.organizations.organizationBySlug(slug)).toMatchObject({ id: organizationId });
  });

  it('keep the member rows, their versions and the member count with additions, role changes and removals', async () => {
    const owner = await make.user();
    const { organizationId } = await make.organization(owner);
    const member = await make.user();
    const memberId = await make.member(organizationId, member);
    expect(await memberCount(organizationId)).toBe(2);

    const [changed] = await db.append(organizationId, [
      pendingEvent(MemberRoleChanged, {
        organizationId,
        memberId,
        userId: member.userId,
        role: 'admin',
        previousRole: 'member',
        changedAt: now(),
      }),
    ]);
    expect(await rows(MemberEntity, { id: memberId })).toEqual([
      expect.objectContaining({ role: 'admin', version: changed!.streamPosition }),
    ]);

    await db.append(organizationId, [
      pendingEvent(MemberRemoved, {
        organizationId,
        memberId,
        userId: member.userId,
        reason: 'removed',
        removedAt: now(),
      }),
    ]);
    expect(await rows(MemberEntity, { id: memberId })).toEqual([]);
    expect(await memberCount(organizationId)).toBe(1);
  });

  it('keep an invitation through a resend and its answer', async () => {
    const owner = await make.user();
    const { organizationId } = await make.organization(owner);
    const invitationId = await make.invite(organizationId, owner, 'twice@example.com', {
      now: new Date(Date.now() - 60_000),
    });
    const [first] = await rows(InvitationEntity, { id: invitationId });
    expect(await make.invite(organizationId, owner, 'Twice@example.com', { resend: true })).toBe(invitationId);
    const [resent] = await rows(InvitationEntity, { id: invitationId });
    expect(resent!.expiresAt.getTime()).toBeGreaterThan(first!.expiresAt.getTime());
    expect(resent).toMatchObject({ status: 'pending', email: 'twice@example.com', inviterId: owner.userId });

    await db.append(organizationId, [
      pendingEvent(InvitationRejected, { organizationId, invitationId, userId: 'someone', rejectedAt: now() }),
    ]);
    expect(await rows(InvitationEntity, { id: invitationId })).toEqual([
      expect.objectContaining({ status: 'rejected', expiresAt: resent!.expiresAt }),
    ]);
  });

  it('rename a team, and remove it with its members, leaving its invitations without a team', async () => {
    const owner = await make.user();
    const { organizationId, teamId } = await make.organization(owner);
    const other = await make.team(organizationId, owner);
    const invitationId = await make.invite(organizationId, owner, 'team@example.com', { teamId });
    await db.append(organizationId, [
      pendingEvent(TeamUpdated, { organizationId, teamId: teamId!, name: 'Renamed team', updatedAt: now() }),
    ]);
    expect(await make.teams.team(organizationId, teamId!)).toMatchObject({ name: 'Renamed team' });

    const team = await make.teams.withMembers(organizationId, teamId!);
    await db.append(organizationId, teamRemoval(organizationId, team!, now()));
    expect(await rows(TeamEntity, { id: teamId! })).toEqual([]);
    expect(await rows(TeamMemberEntity, { teamId: teamId! })).toEqual([]);
    expect(await rows(InvitationEntity, { id: invitationId })).toEqual([expect.objectContaining({ teamId: null })]);
    expect((await make.teams.allWithMembers(organizationId)).map(({ teamId: id }) => id)).toEqual([other]);
  });

  it('remove everything of a deleted organization, and nothing of another', async () => {
    const owner = await make.user();
    const { organizationId } = await make.organization(owner);
    const member = await make.user();
    await make.member(organizationId, member);
    await make.invite(organizationId, owner, 'pending@example.com');
    const kept = await make.organization(member);
    await make.invite(kept.organizationId, member, 'pending@example.com');

    await db.execute<DeletionState>(organizationId, {
      state: loadedFromRows(async () => ({
        ...(await make.organizations.withCaller(organizationId, owner.userId)),
        members: await make.organizations.members(organizationId),
        pendingInvitationIds: await make.invitations.pendingIds(organizationId),
        teams: await make.teams.allWithMembers(organizationId),
      })),
      decide: (state) => decideDeleteOrganization({ now: new Date() }, state, { deletionEnabled: true }),
      erasePersonalDataOf: organizationId,
    });

    const left = await Promise.all([
      rows(OrganizationEntity, { id: organizationId }),
      rows(MemberEntity, { organizationId }),
      rows(InvitationEntity, { organizationId }),
      rows(TeamEntity, { organizationId }),
    ]);
    expect(left.flat()).toEqual([]);
    expect(await make.members.organizationsOf(member.userId)).toEqual([kept.organizationId]);
    expect(await make.invitations.pendingIds(kept.organizationId)).toHaveLength(1);
    expect(await make.teams.teamSize(kept.teamId!)).toBe(1);
  });
});
