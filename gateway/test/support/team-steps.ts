import { randomUUID } from 'node:crypto';
import { MemberAdded, type OrganizationCaller } from '@authsvc/contracts';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { signUpActor, uniqueSlug, type Actor } from './actor.js';
import { TestStack } from './test-stack.js';

export interface Team {
  id: string;
  name: string;
  organizationId: string;
  createdAt: string;
  updatedAt: string;
}

export interface TeamMember {
  id: string;
  teamId: string;
  userId: string;
  createdAt: string;
}

/** An organization of the suite: its owner, its id and its default team. */
export interface Organization {
  id: string;
  owner: Actor;
  defaultTeam: Team;
}

/** The team suites' stack and users, a client of its database, and NATS as the gateway. */
export interface TeamWorld {
  stack: TestStack;
  database: pg.Client;
  nats: NatsConnection;
  owner: Actor;
  admin: Actor;
  member: Actor;
  outsider: Actor;
  stranger: Actor;
  stop(): Promise<void>;
}

export async function startTeamWorld(): Promise<TeamWorld> {
  const stack = await TestStack.start();
  const [owner, admin, member, outsider, stranger] = await Promise.all(
    ['owner', 'admin', 'member', 'outsider', 'stranger'].map((label) => signUpActor(stack, label)),
  );
  const database = new pg.Client({ connectionString: stack.databaseUrl });
  await database.connect();
  const nats = await connect({ ...stack.natsOptions('gateway'), maxReconnectAttempts: 0 });
  const stop = async () => {
    await nats.close();
    await database.end();
    await stack.stop();
  };
  return { stack, database, nats, owner, admin, member, outsider, stranger, stop };
}

/** The steps of the team suites, on the world `world()` returns when they run. */
export function teamSteps(world: () => TeamWorld) {
  /**
   * Makes `actor` a member with `role`: records MemberAdded on the organization's stream and its row, as the
   * service's add-member does in one statement (it is not on this branch; MemberRpc.add can replace this).
   */
  async function addMember(organizationId: string, actor: Actor, role: string): Promise<void> {
    const memberId = randomUUID().replaceAll('-', '');
    const createdAt = new Date().toISOString();
    const data = { organizationId, memberId, userId: actor.id, role, origin: 'added', invitationId: null, createdAt };
    const eventId = randomUUID();
    const metadata = { eventId, correlationId: 'teams-e2e', causationId: null, actorId: null, occurredAt: createdAt };
    await world().database.query(
      `WITH appended AS (
         INSERT INTO organization.events
           (event_id, stream_id, stream_position, type, schema_version, data, metadata, occurred_at)
         SELECT $1, $2, coalesce(max(stream_position), 0) + 1, $3, $4, $5, $6, $7
           FROM organization.events WHERE stream_id = $2)
       INSERT INTO organization.members (id, organization_id, user_id, role, created_at)
       VALUES ($8, $9, $10, $11, $7)`,
      [
        eventId,
        `organization-${organizationId}`,
        MemberAdded.type,
        MemberAdded.schemaVersion,
        JSON.stringify(data),
        JSON.stringify(metadata),
        createdAt,
        memberId,
        organizationId,
        actor.id,
        role,
      ],
    );
  }

  /**
   * A new organization of `by` (owner by default) with the admin and the member in it; the creator's session keeps
   * its active organization, so that each test says which one is active.
   */
  async function organization(by = world().owner, { withStaff = true } = {}): Promise<Organization> {
    const created = await by.post<{ id: string }>('/organization/create', {
      name: 'Acme',
      slug: uniqueSlug(),
      keepCurrentActiveOrganization: true,
    });
    expect(created.status).toBe(200);
    const organizationId = created.body.id;
    if (withStaff) {
      await addMember(organizationId, world().admin, 'admin');
      await addMember(organizationId, world().member, 'member');
    }
    const teams = await by.get<Team[]>('/organization/list-teams', { organizationId });
    return { id: organizationId, owner: by, defaultTeam: teams.body[0] };
  }

  const createTeam = async (organizationId: string, name = 'Core', by = world().owner) => {
    const created = await by.post<Team>('/organization/create-team', { organizationId, name });
    expect(created.status).toBe(200);
    return created.body;
  };
  const teamsOf = async (organizationId: string, by = world().owner) =>
    (await by.get<Team[]>('/organization/list-teams', { organizationId })).body;
  const teamMemberIds = async (teamId: string) =>
    (
      await world().database.query<{ user_id: string }>(
        'SELECT user_id FROM organization.team_members WHERE team_id = $1 ORDER BY user_id',
        [teamId],
      )
    ).rows.map(({ user_id }) => user_id);
  const eventTypes = async (organizationId: string) =>
    (
      await world().database.query<{ type: string }>(
        'SELECT type FROM organization.events WHERE stream_id = $1 ORDER BY stream_position',
        [`organization-${organizationId}`],
      )
    ).rows.map(({ type }) => type);

  /**
   * A team request as the gateway sends it, with a session whose active organization and team are given: the
   * gateway fills them from the session once the session service records them.
   */
  async function asSession<T>(
    subject: string,
    actor: Actor,
    active: Omit<OrganizationCaller, 'userId'>,
    body: object = {},
  ): Promise<{ response?: T; err?: { code: string; status: number } }> {
    const data = { ...body, ...active, userId: actor.id, actorId: actor.id, correlationId: 'teams-e2e' };
    const answer = await world().nats.request(subject, JSON.stringify({ pattern: subject, data, id: randomUUID() }), {
      timeout: 10_000,
    });
    return answer.json();
  }

  return { addMember, organization, createTeam, teamsOf, teamMemberIds, eventTypes, asSession };
}
