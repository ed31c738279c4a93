import pg from 'pg';
import { signUpActor, type Actor } from './support/actor.js';
import { eventually } from './support/eventually.js';
import { randomClientIp, request } from './support/http.js';
import {
  invitationRecords,
  invitationRequests,
  MEMBERSHIP_LIMIT,
  startInvitationWorld,
  type Invitation,
  type InvitationWorld,
  type Member,
} from './support/invitation-steps.js';
import type { TestStack } from './support/test-stack.js';

describe('organization invitations', () => {
  let world: InvitationWorld;
  let stack: TestStack, db: pg.Client, acme: string, owner: Actor, outsider: Actor;
  const { createOrganization, invite, invited, join, accept, activeOf, secondSessionOf } = invitationRequests(
    () => world,
  );
  const { eventsOf, invitationEvents, statusOf, defaultTeamOf } = invitationRecords(() => world);

  beforeAll(async () => {
    world = await startInvitationWorld();
    ({ stack, db, owner, outsider, acme } = world);
  });
  afterAll(() => world?.stop());

  describe('accept-invitation', () => {
    it('makes the invitee a member with the invitation’s role and team, recording it', async () => {
      const organizationId = await createOrganization(owner);
      const teamId = await defaultTeamOf(organizationId);
      const invitee = await signUpActor(stack, 'invitee');
      const invitation = await invited(organizationId, invitee.email.toUpperCase(), { role: 'admin', teamId });
      expect(await accept(outsider, invitation.id)).toMatchObject({
        status: 403,
        body: { code: 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION' },
      });
      const accepted = await accept(invitee, invitation.id);
      expect(accepted.status).toBe(200);
      expect(accepted.body.invitation).toMatchObject({ id: invitation.id, status: 'accepted', organizationId, teamId });
      expect(accepted.body.member).toEqual({
        id: expect.any(String),
        organizationId,
        userId: invitee.id,
        role: 'admin',
        createdAt: expect.any(String),
      });
      expect(await activeOf(invitee)).toEqual({ activeOrganizationId: organizationId, activeTeamId: teamId });
      // Joining a team re-issues the session cookie, as the reference does.
      expect(accepted.setCookies.some((cookie) => cookie.startsWith('better-auth.session_token='))).toBe(true);
      const recorded = (await eventsOf(organizationId)).slice(-3);
      expect(recorded).toEqual([
        {
          type: 'InvitationAccepted',
          data: expect.objectContaining({ invitationId: invitation.id, userId: invitee.id }),
        },
        {
          type: 'MemberAdded',
          data: expect.objectContaining({ origin: 'invitation', invitationId: invitation.id, role: 'admin' }),
        },
        { type: 'TeamMemberAdded', data: expect.objectContaining({ teamId, userId: invitee.id }) },
      ]);
      expect((await invitee.get<{ id: string }[]>('/organization/list')).body.map(({ id }) => id)).toContain(
        organizationId,
      );
    });

    it('clears the team of an invitation when the team is removed (S9): accepting makes an organization member only', async () => {
      const organizationId = await createOrganization(owner);
      const team = await owner.post<{ id: string }>('/organization/create-team', {
        name: 'Short-lived',
        organizationId,
      });
      expect(team.status).toBe(200);
      const invitee = await signUpActor(stack, 'teamless');
      const invitation = await invited(organizationId, invitee, { teamId: team.body.id });
      expect(invitation.teamId).toBe(team.body.id);
      expect((await owner.post('/organization/remove-team', { teamId: team.body.id, organizationId })).status).toBe(
        200,
      );
      expect(await invitee.get('/organization/get-invitation', { id: invitation.id })).toMatchObject({
        status: 200,
        body: { teamId: null },
      });
      const accepted = await accept(invitee, invitation.id);
      expect(accepted).toMatchObject({ status: 200, body: { invitation: { teamId: null } } });
      expect(accepted.setCookies).toEqual([]);
      expect(await activeOf(invitee)).toEqual({ activeOrganizationId: organizationId, activeTeamId: null });
      expect((await eventsOf(organizationId)).at(-1)).toMatchObject({ type: 'MemberAdded' });
    });

    it('creates exactly one member of ten accepts racing from two sessions of the invitee', async () => {
      const organizationId = await createOrganization(owner);
      const invitee = await signUpActor(stack, 'racer');
      const sessions = [invitee, await secondSessionOf(invitee)];
      const invitation = await invited(organizationId, invitee);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, index) => accept(sessions[index % 2], invitation.id)),
      );
      expect(answers.filter(({ status }) => status === 200)).toHaveLength(1);
      // A loser reads the accepted invitation, or (its reads straddling the winner's commit) the new membership.
      const refusals = ['INVITATION_NOT_FOUND', 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION'];
      for (const refused of answers.filter(({ status }) => status !== 200)) {
        expect(refused.status).toBe(400);
        expect(refusals).toContain((refused.body as { code: string }).code);
      }
      const { rows } = await db.query(
        'SELECT id FROM organization.members WHERE organization_id = $1 AND user_id = $2',
        [organizationId, invitee.id],
      );
      expect(rows).toHaveLength(1);
      const types = (await invitationEvents(invitation.id)).map(({ type }) => type);
      expect(types.filter((type) => type === 'InvitationAccepted')).toHaveLength(1);
    });

    it('makes a member of each of three invitations to one organization accepted at once', async () => {
      const organizationId = await createOrganization(owner);
      const invitees = await Promise.all([0, 1, 2].map((index) => signUpActor(stack, `together-${index}`)));
      const invitations = [];
      for (const invitee of invitees) invitations.push(await invited(organizationId, invitee));
      // Each accept reads its state before it waits for the others, so all but the first usually find the
      // organization's stream moved on when they append: they must read again, not retry on the stale state.
      const answers = await Promise.all(invitees.map((invitee, index) => accept(invitee, invitations[index].id)));
      expect(answers.map(({ status }) => status)).toEqual([200, 200, 200]);
      const { rows } = await db.query('SELECT user_id FROM organization.members WHERE organization_id = $1', [
        organizationId,
      ]);
      expect(rows.map(({ user_id }) => user_id as string).sort()).toEqual(
        [owner.id, ...invitees.map(({ id }) => id)].sort(),
      );
    });

    it('refuses an unknown invitation, and one answered, cancelled or expired', async () => {
      expect(await accept(outsider, 'no-such-invitation')).toMatchObject({
        status: 400,
        body: { code: 'INVITATION_NOT_FOUND', message: 'Invitation not found' },
      });
      const invitee = await signUpActor(stack, 'late');
      const organizationId = await createOrganization(owner);
      const rejected = await invited(organizationId, invitee);
      expect((await invitee.post('/organization/reject-invitation', { invitationId: rejected.id })).status).toBe(200);
      const canceled = await invited(organizationId, invitee);
      expect((await owner.post('/organization/cancel-invitation', { invitationId: canceled.id })).status).toBe(200);
      const accepted = await invited(organizationId, invitee);
      expect((await accept(invitee, accepted.id)).status).toBe(200);
      for (const { id } of [rejected, canceled, accepted]) {
        expect(await accept(invitee, id)).toMatchObject({ status: 400, body: { code: 'INVITATION_NOT_FOUND' } });
      }
    });

    it('refuses an invitation from its expiry on at once, and the sweep records the expiry once', async () => {
      const invitee = await signUpActor(stack, 'expired');
      const invitation = await invited(acme, invitee);
      // Its expiry comes: the time is moved, not waited for.
      await db.query("UPDATE organization.invitations SET expires_at = now() - interval '1 second' WHERE id = $1", [
        invitation.id,
      ]);
      expect(await accept(invitee, invitation.id)).toMatchObject({
        status: 400,
        body: { code: 'INVITATION_NOT_FOUND' },
      });
      expect(await invitee.get('/organization/get-invitation', { id: invitation.id })).toMatchObject({ status: 400 });
      await eventually(async () => ((await statusOf(invitation.id)) === 'expired' ? true : undefined), {
        what: 'the invitation swept',
      });
      const recorded = await invitationEvents(invitation.id);
      expect(recorded.map(({ type }) => type)).toEqual(['InvitationCreated', 'InvitationExpired']);
      expect(await invite(owner, acme, invitee)).toMatchObject({ status: 200 });
    });

    it('refuses members beyond the membership limit and a full team', async () => {
      const organizationId = await createOrganization(owner);
      const teamId = await defaultTeamOf(organizationId);
      const invitees = await Promise.all(
        Array.from({ length: MEMBERSHIP_LIMIT }, (_, index) => signUpActor(stack, `crowd-${index}`)),
      );
      const invitations = [];
      for (const invitee of invitees.slice(0, 3)) {
        invitations.push(await invited(organizationId, invitee, { teamId }));
      }
      expect((await accept(invitees[0], invitations[0].id)).status).toBe(200);
      expect(await accept(invitees[1], invitations[1].id)).toMatchObject({
        status: 403,
        body: { code: 'TEAM_MEMBER_LIMIT_REACHED' },
      });
      expect((await owner.post('/organization/cancel-invitation', { invitationId: invitations[1].id })).status).toBe(
        200,
      );
      expect((await owner.post('/organization/cancel-invitation', { invitationId: invitations[2].id })).status).toBe(
        200,
      );
      for (const invitee of invitees.slice(1, MEMBERSHIP_LIMIT - 1)) await join(organizationId, invitee, 'member');
      const lastOne = await invited(organizationId, invitees[MEMBERSHIP_LIMIT - 1]);
      expect(await accept(invitees[MEMBERSHIP_LIMIT - 1], lastOne.id)).toMatchObject({
        status: 403,
        body: { code: 'ORGANIZATION_MEMBERSHIP_LIMIT_REACHED' },
      });
    });
  });

  describe('get-invitation', () => {
    it('shows the invitee their open invitation with its organization and inviter', async () => {
      const invitee = await signUpActor(stack, 'reader');
      const invitation = await invited(acme, invitee.email.toUpperCase());
      const answer = await invitee.get('/organization/get-invitation', { id: invitation.id });
      expect(answer).toMatchObject({
        status: 200,
        body: {
          ...invitation,
          organizationName: 'Acme',
          organizationSlug: expect.any(String),
          inviterEmail: owner.email,
        },
      });
      expect(await outsider.get('/organization/get-invitation', { id: invitation.id })).toMatchObject({
        status: 403,
        body: { code: 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION' },
      });
      expect(await invitee.get('/organization/get-invitation', { id: 'no-such-invitation' })).toMatchObject({
        status: 400,
        body: { code: 'INVITATION_NOT_FOUND' },
      });
      expect(await invitee.get('/organization/get-invitation')).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_ERROR' },
      });
      const anonymous = await request(stack.url(`/api/auth/organization/get-invitation?id=${invitation.id}`), {
        headers: { 'x-forwarded-for': randomClientIp() },
      });
      expect(anonymous).toMatchObject({
        status: 401,
        body: { code: 'NOT_AUTHENTICATED', message: 'Not authenticated' },
      });
    });

    it('refuses an invitation whose inviter is no longer a member, on get and on accept, and adds nobody', async () => {
      const organizationId = await createOrganization(owner);
      const inviter = await signUpActor(stack, 'inviter');
      await join(organizationId, inviter, 'admin');
      const invitee = await signUpActor(stack, 'orphaned');
      const invitation = await invite(inviter, organizationId, invitee);
      expect(invitation.status).toBe(200);
      const removed = await owner.post('/organization/remove-member', {
        memberIdOrEmail: inviter.email,
        organizationId,
      });
      expect(removed.status).toBe(200);
      const refusal = {
        status: 400,
        body: {
          code: 'INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION',
          message: 'Inviter is no longer a member of the organization',
        },
      };
      expect(await invitee.get('/organization/get-invitation', { id: invitation.body.id })).toMatchObject(refusal);
      expect(await accept(invitee, invitation.body.id)).toMatchObject(refusal);
      const members = await owner.get<{ members: Member[] }>('/organization/list-members', { organizationId });
      expect(members.body.members.map(({ userId }) => userId)).not.toContain(invitee.id);
      const invitations = await owner.get<Invitation[]>('/organization/list-invitations', { organizationId });
      expect(invitations.body).toContainEqual(expect.objectContaining({ id: invitation.body.id, status: 'pending' }));
    });
  });

  describe('list-invitations', () => {
    it('lists every invitation to owners, hides ownership invitations from admins, and refuses others (S8)', async () => {
      const organizationId = await createOrganization(owner);
      const colleague = await signUpActor(stack, 'colleague');
      await join(organizationId, colleague, 'admin');
      const plain = await signUpActor(stack, 'plain');
      await join(organizationId, plain, 'member');
      const ownership = await invited(organizationId, 'future-owner@example.com', { role: 'owner' });
      const ordinary = await invited(organizationId, 'future-member@example.com');
      const all = await owner.get<Invitation[]>('/organization/list-invitations', { organizationId });
      expect(all.status).toBe(200);
      expect(all.body.map(({ id }) => id)).toEqual(expect.arrayContaining([ownership.id, ordinary.id]));
      expect(all.body.map(({ status }) => status)).toContain('accepted');
      const forAdmin = await colleague.get<Invitation[]>('/organization/list-invitations', { organizationId });
      expect(forAdmin.body.map(({ id }) => id)).toContain(ordinary.id);
      expect(forAdmin.body.map(({ id }) => id)).not.toContain(ownership.id);
      expect(await plain.get('/organization/list-invitations', { organizationId })).toMatchObject({
        status: 403,
        body: { code: 'YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS' },
      });
      expect(await outsider.get('/organization/list-invitations', { organizationId })).toMatchObject({
        status: 403,
        body: { code: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION' },
      });
      expect(await owner.get<Invitation[]>('/organization/list-invitations')).toMatchObject({
        status: 200,
        body: expect.arrayContaining([expect.objectContaining({ id: ownership.id })]),
      });
      expect(await (await signUpActor(stack, 'unaffiliated')).get('/organization/list-invitations')).toMatchObject({
        status: 400,
        body: { code: 'ORGANIZATION_ID_IS_REQUIRED' },
      });
    });
  });
});
