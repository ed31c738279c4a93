import { InvitationCreated } from '@authsvc/contracts';
import pg from 'pg';
import { signUpActor, type Actor } from './support/actor.js';
import { eventually } from './support/eventually.js';
import { request } from './support/http.js';
import {
  HOUR_MS,
  INVITATION_LIMIT,
  invitationRecords,
  invitationRequests,
  startInvitationWorld,
  type Invitation,
  type InvitationWorld,
  type MailboxEntry,
} from './support/invitation-steps.js';
import type { TestStack } from './support/test-stack.js';

describe('organization invitations', () => {
  let world: InvitationWorld;
  let stack: TestStack, db: pg.Client, acme: string;
  let owner: Actor, admin: Actor, member: Actor, outsider: Actor;
  const { createOrganization, invite, invited, accept, verifyEmailOf } = invitationRequests(() => world);
  const { invitationEvents, statusOf, defaultTeamOf, lastPublished } = invitationRecords(() => world);

  beforeAll(async () => {
    world = await startInvitationWorld();
    ({ stack, db, owner, admin, member, outsider, acme } = world);
  });
  afterAll(() => world?.stop());

  describe('invite-member', () => {
    it('gives an invitation INVITATION_EXPIRES_IN seconds', async () => {
      await stack.restart('organization', { INVITATION_EXPIRES_IN: '3600' });
      try {
        const answer = await invite(owner, acme, 'one-hour@example.com');
        expect(answer.status).toBe(200);
        expect(Date.parse(answer.body.expiresAt) - Date.parse(answer.body.createdAt)).toBe(HOUR_MS);
        expect((await owner.post('/organization/cancel-invitation', { invitationId: answer.body.id })).status).toBe(
          200,
        );
      } finally {
        await stack.restart('organization', {});
      }
    });

    it('invites an address lower-cased for 48 hours, recording InvitationCreated with the mail’s personal part', async () => {
      const invitee = await signUpActor(stack, 'invitee');
      const before = Date.now();
      const answer = await invite(admin, acme, invitee.email.toUpperCase(), { role: ['member', 'admin'] });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        id: expect.any(String),
        organizationId: acme,
        email: invitee.email,
        role: 'member,admin',
        teamId: null,
        status: 'pending',
        inviterId: admin.id,
        expiresAt: expect.any(String),
        createdAt: expect.any(String),
      });
      const lifetime = Date.parse(answer.body.expiresAt) - Date.parse(answer.body.createdAt);
      expect(lifetime).toBe(48 * HOUR_MS);
      expect(Date.parse(answer.body.createdAt)).toBeGreaterThanOrEqual(before - 1000);

      const [created] = await invitationEvents(answer.body.id);
      expect(created).toEqual({
        type: 'InvitationCreated',
        data: expect.objectContaining({ organizationId: acme, role: 'member,admin', inviterId: admin.id }),
      });
      const published = await eventually(
        async () => {
          const last = await lastPublished(InvitationCreated.subject);
          return last?.data.invitationId === answer.body.id ? last : undefined;
        },
        { what: 'InvitationCreated in JetStream' },
      );
      expect(published).toMatchObject({
        type: 'InvitationCreated',
        personal: { email: invitee.email, inviterName: admin.name, inviterEmail: admin.email },
      });
      await eventually(
        async () => {
          const mailbox = (await request<MailboxEntry[]>(stack.url('/dev/mailbox.json'))).body;
          return mailbox.find(({ to, text }) => to === invitee.email && text.includes(answer.body.id));
        },
        { what: 'the invitation mail' },
      );
    });

    it('refuses a malformed address, outsiders, plain members, unknown roles and ownership from a non-owner', async () => {
      expect(await invite(owner, acme, 'not-an-address')).toMatchObject({
        status: 400,
        body: { code: 'INVALID_EMAIL' },
      });
      const withoutOrganization = await signUpActor(stack, 'unaffiliated');
      expect(
        await withoutOrganization.post('/organization/invite-member', { email: 'x@example.com', role: 'member' }),
      ).toMatchObject({ status: 400, body: { code: 'ORGANIZATION_NOT_FOUND' } });
      expect(await invite(outsider, acme, 'x@example.com')).toMatchObject({
        status: 400,
        body: { code: 'MEMBER_NOT_FOUND' },
      });
      expect(await invite(member, acme, 'x@example.com')).toMatchObject({
        status: 403,
        body: { code: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION' },
      });
      expect(await invite(owner, acme, 'x@example.com', { role: ['member', 'wizard'] })).toMatchObject({
        status: 400,
        body: { code: 'ROLE_NOT_FOUND', message: 'ROLE_NOT_FOUND: wizard' },
      });
      expect(await invite(admin, acme, 'x@example.com', { role: 'owner' })).toMatchObject({
        status: 403,
        body: { code: 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE' },
      });
      expect(await invite(owner, acme, 'x@example.com', { role: 42 })).toMatchObject({
        status: 400,
        body: { code: 'VALIDATION_ERROR' },
      });
      expect((await db.query("SELECT 1 FROM organization.invitations WHERE email = 'x@example.com'")).rowCount).toBe(0);
    });

    it('refuses a pending invitee in any letter case, and resends the same invitation with a new expiry', async () => {
      const organizationId = await createOrganization(owner);
      const email = `Resend-${Date.now()}@Example.com`;
      const first = await invited(organizationId, email, { role: 'admin' });
      expect(await invite(admin, organizationId, email.toLowerCase())).toMatchObject({
        status: 400,
        body: { code: 'MEMBER_NOT_FOUND' },
      });
      expect(await invite(owner, organizationId, email.toUpperCase())).toMatchObject({
        status: 400,
        body: { code: 'USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION' },
      });
      const resent = await invite(owner, organizationId, email, { resend: true, role: 'member' });
      expect(resent).toMatchObject({ status: 200, body: { id: first.id, role: 'admin', status: 'pending' } });
      expect(Date.parse(resent.body.expiresAt)).toBeGreaterThan(Date.parse(first.expiresAt));
      expect((await invitationEvents(first.id)).map(({ type }) => type)).toEqual([
        'InvitationCreated',
        'InvitationResent',
      ]);
    });

    it('refuses to invite a member, however they joined (by invitation, or as the creator)', async () => {
      for (const email of [member.email.toUpperCase(), owner.email]) {
        expect(await invite(admin, acme, email)).toMatchObject({
          status: 400,
          body: { code: 'USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION' },
        });
      }
    });

    it('refuses more open invitations than the limit', async () => {
      const organizationId = await createOrganization(owner);
      for (let index = 0; index < INVITATION_LIMIT; index++)
        await invited(organizationId, `limit-${index}@example.com`);
      expect(await invite(owner, organizationId, 'one-too-many@example.com')).toMatchObject({
        status: 403,
        body: { code: 'INVITATION_LIMIT_REACHED' },
      });
    });

    it('takes a team of the organization only (S9), while it has room', async () => {
      const organizationId = await createOrganization(owner);
      const otherTeam = await defaultTeamOf(await createOrganization(outsider));
      for (const teamId of [otherTeam, 'no-such-team']) {
        expect(await invite(owner, organizationId, 'team@example.com', { teamId })).toMatchObject({
          status: 400,
          body: { code: 'TEAM_NOT_FOUND' },
        });
      }
      const teamId = await defaultTeamOf(organizationId);
      const teammate = await signUpActor(stack, 'teammate');
      const invitation = await invited(organizationId, teammate, { teamId });
      expect(invitation.teamId).toBe(teamId);
      expect(await accept(teammate, invitation.id)).toMatchObject({ status: 200 });
      expect(await invite(owner, organizationId, 'late@example.com', { teamId })).toMatchObject({
        status: 403,
        body: { code: 'TEAM_MEMBER_LIMIT_REACHED' },
      });
    });
  });

  describe('reject-invitation and cancel-invitation', () => {
    it('rejects for the invitee only', async () => {
      const invitee = await signUpActor(stack, 'rejecter');
      const invitation = await invited(acme, invitee);
      expect(await outsider.post('/organization/reject-invitation', { invitationId: invitation.id })).toMatchObject({
        status: 403,
        body: { code: 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION' },
      });
      const rejected = await invitee.post('/organization/reject-invitation', { invitationId: invitation.id });
      expect(rejected).toMatchObject({
        status: 200,
        body: { invitation: { id: invitation.id, status: 'rejected' }, member: null },
      });
      expect(await invitee.post('/organization/reject-invitation', { invitationId: invitation.id })).toMatchObject({
        status: 400,
        body: { code: 'INVITATION_NOT_FOUND', message: 'Invitation not found!' },
      });
      expect((await invitationEvents(invitation.id)).map(({ type }) => type)).toEqual([
        'InvitationCreated',
        'InvitationRejected',
      ]);
    });

    it('cancels for members allowed to, answering another organization’s invitation as unknown', async () => {
      const invitation = await invited(acme, 'cancel-me@example.com');
      expect(await member.post('/organization/cancel-invitation', { invitationId: invitation.id })).toMatchObject({
        status: 403,
        body: { code: 'YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION' },
      });
      for (const stranger of [outsider, await signUpActor(stack, 'stranger')]) {
        expect(await stranger.post('/organization/cancel-invitation', { invitationId: invitation.id })).toMatchObject({
          status: 400,
          body: { code: 'INVITATION_NOT_FOUND' },
        });
      }
      expect(await statusOf(invitation.id)).toBe('pending');
      const canceled = await admin.post('/organization/cancel-invitation', { invitationId: invitation.id });
      expect(canceled).toMatchObject({ status: 200, body: { id: invitation.id, status: 'canceled' } });
      expect(await admin.post('/organization/cancel-invitation', { invitationId: invitation.id })).toMatchObject({
        status: 400,
        body: { code: 'INVITATION_NOT_FOUND' },
      });
      expect((await invitationEvents(invitation.id)).map(({ type }) => type)).toEqual([
        'InvitationCreated',
        'InvitationCanceled',
      ]);
    });

    it('cancels the pending invitations of a deleted organization, erasing who was invited by whom', async () => {
      const organizationId = await createOrganization(owner);
      const invitee = await signUpActor(stack, 'orphan');
      const pending = await invited(organizationId, invitee);
      const answered = await invited(organizationId, 'answered@example.com');
      expect((await owner.post('/organization/cancel-invitation', { invitationId: answered.id })).status).toBe(200);
      const dataKeys = () => db.query('SELECT 1 FROM organization.data_keys WHERE subject = $1', [organizationId]);
      expect((await dataKeys()).rowCount).toBe(1);
      expect((await owner.post('/organization/delete', { organizationId })).status).toBe(200);
      expect((await dataKeys()).rowCount).toBe(0);
      expect((await invitationEvents(pending.id)).map(({ type }) => type)).toEqual([
        'InvitationCreated',
        'InvitationCanceled',
      ]);
      expect((await invitationEvents(answered.id)).map(({ type }) => type)).toHaveLength(2);
      expect(await accept(invitee, pending.id)).toMatchObject({ status: 400, body: { code: 'INVITATION_NOT_FOUND' } });
    });
  });

  describe('with INVITATION_REQUIRES_VERIFIED_EMAIL', () => {
    beforeAll(() => stack.restart('organization', { INVITATION_REQUIRES_VERIFIED_EMAIL: 'true' }));
    afterAll(() => stack.restart('organization', {}));

    it('lets only a verified address accept or reject', async () => {
      const invitee = await signUpActor(stack, 'unverified');
      const invitation = await invited(acme, invitee);
      const refusal = {
        status: 403,
        body: {
          code: 'EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION',
          message: 'Email verification required before accepting or rejecting invitation',
        },
      };
      expect(await accept(invitee, invitation.id)).toMatchObject(refusal);
      expect(await invitee.post('/organization/reject-invitation', { invitationId: invitation.id })).toMatchObject(
        refusal,
      );
      await verifyEmailOf(invitee);
      const accepted = await accept(invitee, invitation.id);
      expect(accepted).toMatchObject({ status: 200, body: { member: { userId: invitee.id } } });
      const removed = await owner.post('/organization/remove-member', {
        memberIdOrEmail: invitee.email,
        organizationId: acme,
      });
      expect(removed.status).toBe(200); // acme stays within MEMBERSHIP_LIMIT for the tests after this one
    });
  });

  describe('list-user-invitations', () => {
    it('lists the open invitations of a verified address only (F6)', async () => {
      const invitee = await signUpActor(stack, 'listed');
      const open = await invited(acme, invitee.email.toUpperCase());
      const other = await createOrganization(owner);
      const rejected = await invited(other, invitee);
      expect((await invitee.post('/organization/reject-invitation', { invitationId: rejected.id })).status).toBe(200);
      expect(await invitee.get('/organization/list-user-invitations')).toMatchObject({
        status: 403,
        body: { code: 'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION' },
      });
      await verifyEmailOf(invitee);
      const listed = await invitee.get<Invitation[]>('/organization/list-user-invitations');
      expect(listed).toMatchObject({ status: 200, body: [{ ...open, organizationName: 'Acme' }] });
      expect(await invitee.get('/organization/list-user-invitations', { email: owner.email })).toMatchObject({
        status: 400,
        body: { code: 'USER_EMAIL_CANNOT_BE_PASSED_FOR_CLIENT_SIDE_API_CALLS' },
      });
    });
  });
});
