import { ORGANIZATION_EVENTS_STREAM } from '@authsvc/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { ACTOR_PASSWORD, signUpActor, uniqueSlug, type Actor } from './actor.js';
import { eventually } from './eventually.js';
import { cookieHeaderFrom, postJson, randomClientIp, request } from './http.js';
import { NATS_ADMIN, TestStack } from './test-stack.js';

export interface Invitation {
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

export interface Member {
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

export interface MailboxEntry {
  to: string;
  text: string;
}

export const HOUR_MS = 60 * 60 * 1000;
export const MEMBERSHIP_LIMIT = 4;
export const TEAM_MEMBER_LIMIT = 2;
export const INVITATION_LIMIT = 5;
const VERIFY_LINK = /(http:\/\/[^\s"<]+\/api\/auth\/verify-email\?token=[^\s"<]+)/;

/** The invitation suites' stack and users: owner, admin and member of `acme`, and an outsider. */
export interface InvitationWorld {
  stack: TestStack;
  db: pg.Client;
  owner: Actor;
  admin: Actor;
  member: Actor;
  outsider: Actor;
  /** An organization of owner, admin and member. */
  acme: string;
  stop(): Promise<void>;
}

export async function startInvitationWorld(): Promise<InvitationWorld> {
  // These tests invite and resend quickly from one client: the invitation mail limits have their own spec.
  const stack = await TestStack.start({
    RATE_LIMIT_ENABLED: 'false',
    DEV_MAILBOX_ENABLED: 'true',
    MEMBERSHIP_LIMIT: String(MEMBERSHIP_LIMIT),
    TEAM_MEMBER_LIMIT: String(TEAM_MEMBER_LIMIT),
    INVITATION_LIMIT: String(INVITATION_LIMIT),
    INVITATION_SWEEP_INTERVAL_MS: '300',
  });
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const [owner, admin, member, outsider] = await Promise.all(
    ['owner', 'admin', 'member', 'outsider'].map((label) => signUpActor(stack, label)),
  );
  const stop = async () => {
    await db.end();
    await stack.stop();
  };
  const world: InvitationWorld = { stack, db, owner, admin, member, outsider, acme: '', stop };
  const { createOrganization, join } = invitationRequests(() => world);
  world.acme = await createOrganization(owner);
  await join(world.acme, admin, 'admin');
  await join(world.acme, member, 'member');
  return world;
}

/** What the invitation suites ask the gateway, on the world `world()` returns when they run. */
export function invitationRequests(world: () => InvitationWorld) {
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
    const answer = await invite(world().owner, organizationId, invitee, extra);
    if (answer.status !== 200) throw new Error(`invite refused: ${JSON.stringify(answer.body)}`);
    return answer.body;
  }

  async function join(organizationId: string, invitee: Actor, role: string): Promise<void> {
    const { id } = await invited(organizationId, invitee, { role });
    expect((await invitee.post('/organization/accept-invitation', { invitationId: id })).status).toBe(200);
  }

  const accept = (actor: Actor, invitationId: string) =>
    actor.post<{ invitation: Invitation; member: Member }>('/organization/accept-invitation', { invitationId });

  async function activeOf(actor: Actor) {
    const { body } = await actor.get<{ session: { activeOrganizationId: string | null; activeTeamId: string | null } }>(
      '/get-session',
    );
    const { activeOrganizationId, activeTeamId } = body.session;
    return { activeOrganizationId, activeTeamId };
  }

  /** The same user signed in a second time: another session. */
  async function secondSessionOf(actor: Actor): Promise<Actor> {
    const { stack } = world();
    const signIn = await postJson(
      stack.url('/api/auth/sign-in/email'),
      { email: actor.email, password: ACTOR_PASSWORD },
      { 'x-forwarded-for': randomClientIp(), origin: new URL(stack.baseUrl).origin },
    );
    expect(signIn.status).toBe(200);
    return { ...actor, cookie: cookieHeaderFrom(signIn.setCookies) };
  }

  async function verifyEmailOf(actor: Actor): Promise<void> {
    const { stack } = world();
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

  return {
    createOrganization,
    invite,
    invited,
    join,
    accept,
    activeOf,
    secondSessionOf,
    verifyEmailOf,
  };
}

/** What the invitation suites read of what was recorded (events, views, JetStream). */
export function invitationRecords(world: () => InvitationWorld) {
  async function eventsOf(organizationId: string): Promise<StoredEvent[]> {
    const { rows } = await world().db.query<StoredEvent>(
      'SELECT type, data FROM organization.events WHERE stream_id = $1 ORDER BY stream_position',
      [`organization-${organizationId}`],
    );
    return rows;
  }

  async function invitationEvents(invitationId: string): Promise<StoredEvent[]> {
    const { rows } = await world().db.query<StoredEvent>(
      "SELECT type, data FROM organization.events WHERE data->>'invitationId' = $1 ORDER BY global_position",
      [invitationId],
    );
    return rows;
  }

  async function statusOf(invitationId: string): Promise<string | undefined> {
    const { rows } = await world().db.query<{ status: string }>(
      'SELECT status FROM organization.invitations WHERE id = $1',
      [invitationId],
    );
    return rows[0]?.status;
  }

  async function defaultTeamOf(organizationId: string): Promise<string> {
    const created = (await eventsOf(organizationId)).find(({ type }) => type === 'TeamCreated');
    return created!.data.teamId as string;
  }

  /** The last event published on a subject, as subscribers (the mailer) receive it: personal part decrypted. */
  async function lastPublished(subject: string): Promise<PublishedEvent | undefined> {
    const nc = await connect(world().stack.natsOptions(NATS_ADMIN));
    try {
      const manager = await jetstreamManager(nc);
      const message = await manager.streams.getMessage(ORGANIZATION_EVENTS_STREAM, { last_by_subj: subject });
      return message?.json<PublishedEvent>();
    } finally {
      await nc.close();
    }
  }

  return { eventsOf, invitationEvents, statusOf, defaultTeamOf, lastPublished };
}
