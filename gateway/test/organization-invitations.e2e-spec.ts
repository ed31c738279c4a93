import { InvitationCreated, ORGANIZATION_EVENTS_STREAM } from '@authsvc/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { ACTOR_PASSWORD, signUpActor, uniqueSlug, type Actor } from './support/actor.js';
import { eventually } from './support/eventually.js';
import { cookieHeaderFrom, postJson, randomClientIp, request } from './support/http.js';
import { NATS_ADMIN, TestStack } from './support/test-stack.js';

interface Invitation {
  id: string;
  organizationId: string;
  email: string;
  role: string;
  teamId: string | null;
  status: string;
  inviterId: string;
  expiresAt: string;
  createdAt: string;
}

interface Member {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
}

interface StoredEvent {
  type: string;
  data: Record<string, unknown>;
}

interface PublishedEvent {
  type: string;
  data: Record<string, unknown>;
  personal: unknown;
}

interface MailboxEntry {
  to: string;
  text: string;
}

const HOUR_MS = 60 * 60 * 1000;
const MEMBERSHIP_LIMIT = 4;
const TEAM_MEMBER_LIMIT = 2;
const INVITATION_LIMIT = 5;
const VERIFY_LINK = /(http:\/\/[^\s"<]+\/api\/auth\/verify-email\?token=[^\s"<]+)/;

describe('organization invitations', () => {
  let stack: TestStack;
  let db: pg.Client;
  let owner: Actor;
  let admin: Actor;
  let member: Actor;
  let outsider: Actor;
  /** An organization of owner, admin and member. */
  let acme: string;

  beforeAll(async () => {
    // These tests invite and resend quickly from one client: the invitation mail limits have their own spec.
    stack = await TestStack.start({
      RATE_LIMIT_ENABLED: 'false',
      DEV_MAILBOX_ENABLED: 'true',
      MEMBERSHIP_LIMIT: String(MEMBERSHIP_LIMIT),
      TEAM_MEMBER_LIMIT: String(TEAM_MEMBER_LIMIT),
      INVITATION_LIMIT: String(INVITATION_LIMIT),
      INVITATION_SWEEP_INTERVAL_MS: '300',
    });
    db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    [owner, admin, member, outsider] = await Promise.all(
      ['owner', 'admin', 'member', 'outsider'].map((label) => signUpActor(stack, label)),
    );
    acme = await createOrganization(owner);
    await join(acme, admin, 'admin');
    await join(acme, member, 'member');
  });

  afterAll(async () => {
    await db?.end();
    await stack?.stop();
  });

  async function createOrganization(creator: Actor): Promise<string> {
    const created = await creator.post<{ id: string }>('/organization/create', { name: 'Acme', slug: uniqueSlug() });
    expect(created.status).toBe(200);
    return created.body.id;
  }

  const invite = (by: Actor, organizationId: string, invitee: Actor | string, extra: Record<string, unknown> = {}) =>
    by.post<Invitation>('/organization/invite-member', {
      email: typeof invitee === 'string' ? invitee : invitee.email,
      role: 'member',
      organizationId,
      ...extra,
    });

  async function invited(organizationId: string, invitee: Actor | string, extra: Record<string, unknown> = {}) {
    const answer = await invite(owner, organizationId, invitee, extra);
    if (answer.status !== 200) throw new Error(`invite refused: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  async function join(organizationId: string, invitee: Actor, role: string): Promise<void> {
    const { id } = await invited(organizationId, invitee, { role });
    expect((await invitee.post('/organization/accept-invitation', { invitationId: id })).status).toBe(200);
  }

  const accept = (actor: Actor, invitationId: string) =>
    actor.post<{ invitation: Invitation; member: Member }>('/organization/accept-invitation', { invitationId });

  async function eventsOf(organizationId: string): Promise<StoredEvent[]> {
    const { rows } = await db.query<StoredEvent>(
      'SELECT type, data FROM organization.events WHERE stream_id = $1 ORDER BY stream_position',
      [`organization-${organizationId}`],
    );
    return rows;
  }

  async function invitationEvents(invitationId: string): Promise<StoredEvent[]> {
    const { rows } = await db.query<StoredEvent>(
      "SELECT type, data FROM organization.events WHERE data->>'invitationId' = $1 ORDER BY global_position",
      [invitationId],
    );
    return rows;
  }

  async function statusOf(invitationId: string): Promise<string | undefined> {
    const { rows } = await db.query<{ status: string }>('SELECT status FROM organization.invitations WHERE id = $1', [
      invitationId,
    ]);
    return rows[0]?.status;
  }

  async function defaultTeamOf(organizationId: string): Promise<string> {
    const created = (await eventsOf(organizationId)).find(({ type }) => type === 'TeamCreated');
    return created!.data.teamId as string;
  }

  async function activeOf(actor: Actor) {
    const { body } = await actor.get<{ session: { activeOrganizationId: string | null; activeTeamId: string | null } }>(
      '/get-session',
    );
    const { activeOrganizationId, activeTeamId } = body.session;
    return { activeOrganizationId, activeTeamId };
  }

  /** The same user signed in a second time: another session. */
  async function secondSessionOf(actor: Actor): Promise<Actor> {
    const signIn = await postJson(
      stack.url('/api/auth/sign-in/email'),
      { email: actor.email, password: ACTOR_PASSWORD },
      { 'x-forwarded-for': randomClientIp(), origin: new URL(stack.baseUrl).origin },
    );
    expect(signIn.status).toBe(200);
    return { ...actor, cookie: cookieHeaderFrom(signIn.setCookies) };
  }

  async function verifyEmailOf(actor: Actor): Promise<void> {
    const link = await eventually(
      async () => {
        const mailbox = (await request<MailboxEntry[]>(stack.url('/dev/mailbox.json'))).body;
        const mine = mailbox.filter(({ to }) => to === actor.email);
        return mine.map(({ text }) => VERIFY_LINK.exec(text)?.[1]).find((link) => link !== undefined);
      },
      { what: `the verification mail to ${actor.email}` },
    );
    await request(link, { headers: { 'x-forwarded-for': randomClientIp() } });
    await eventually(
      async () => {
        const session = await actor.get<{ user: { emailVerified: boolean } }>('/get-session');
        return session.body.user.emailVerified ? true : undefined;
      },
      { what: `${actor.email} verified in the session` },
    );
  }

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

  /** The last event published on a subject, as subscribers (the mailer) receive it: personal part decrypted. */
  async function lastPublished(subject: string): Promise<PublishedEvent | undefined> {
    const nc = await connect(stack.natsOptions(NATS_ADMIN));
    try {
      const manager = await jetstreamManager(nc);
      const message = await manager.streams.getMessage(ORGANIZATION_EVENTS_STREAM, { last_by_subj: subject });
      return message?.json<PublishedEvent>();
    } finally {
      await nc.close();
    }
  }
});
