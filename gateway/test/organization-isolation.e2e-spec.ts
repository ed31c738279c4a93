import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { BackEndNatsAccess, MemberRpc, SessionRpc, type RpcDefinition } from '@authsvc/contracts';
import { OrganizationErrors } from '@authsvc/errors';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { signUpActor, uniqueSlug, type Actor } from './support/actor.js';
import { uniqueEmail, type JsonResponse } from './support/http.js';
import { declaredRoutes } from './support/oracle/controller-routes.js';
import { TestStack } from './support/test-stack.js';

/**
 * Tenant isolation (issue 18): every organization, member, invitation and team route × every kind of caller ×
 * the target organization's own ids and another organization's ids. A refusal must be the reference's answer and
 * change nothing in either organization: no row, no event.
 */

type Role = 'owner' | 'admin' | 'member' | 'outsider' | 'foreignAdmin';
const ROLES: readonly Role[] = ['owner', 'admin', 'member', 'outsider', 'foreignAdmin'];
type Code = keyof typeof OrganizationErrors;

/** An organization of the suite: owner, admin and member, a pending invitation, a team holding admin and member. */
interface Fixture {
  id: string;
  slug: string;
  users: Record<'owner' | 'admin' | 'member', Actor>;
  memberIds: Record<'owner' | 'admin' | 'member', string>;
  invitationId: string;
  teamId: string;
}

/** What a request sends: `active` is the organization the caller's session names (default: the target's). */
interface Sent {
  body?: object;
  query?: Record<string, string | undefined>;
  active?: string;
}

/** 200, or a catalogue refusal; per role for the target's own ids, one answer (or per role) for foreign ids. */
type Answer = 'ok' | [number, Code];
interface Endpoint {
  route: string;
  write: boolean;
  /** The request against `target` (organization A) naming the ids of `ids` (A itself, or B). */
  build(target: Fixture, ids: Fixture): Sent;
  own: Record<Role, Answer>;
  /** Absent: the route names no id of an organization (it answers about the caller only). */
  foreign?: Answer | Record<Role, Answer | null>;
}

const all = (answer: Answer): Record<Role, Answer> => ({
  owner: answer,
  admin: answer,
  member: answer,
  outsider: answer,
  foreignAdmin: answer,
});
/** Owner and admin allowed; `foreigners` defaults to the outsiders' answer. */
const staff = (refusal: Answer, outsiders: Answer, foreigners: Answer = outsiders): Record<Role, Answer> => ({
  owner: 'ok',
  admin: 'ok',
  member: refusal,
  outsider: outsiders,
  foreignAdmin: foreigners,
});
const members = (outsiders: Answer): Record<Role, Answer> => ({
  owner: 'ok',
  admin: 'ok',
  member: 'ok',
  outsider: outsiders,
  foreignAdmin: outsiders,
});

/**
 * Another organization's ids, with the organization itself the only id: for the foreign admin that is their own
 * organization, which the admin's own-id rows already cover (null: no row).
 */
const outsideTheirOwn = (answer: Answer): Record<Role, Answer | null> => ({ ...all(answer), foreignAdmin: null });

const ENDPOINTS: Endpoint[] = [
  {
    route: 'POST /api/auth/organization/create',
    write: true,
    build: () => ({ body: { name: 'Fresh', slug: uniqueSlug('isolation'), keepCurrentActiveOrganization: true } }),
    own: all('ok'),
  },
  {
    route: 'POST /api/auth/organization/check-slug',
    write: false,
    build: (_, ids) => ({ body: { slug: ids.slug } }),
    own: all([400, 'ORGANIZATION_SLUG_ALREADY_TAKEN']),
    foreign: [400, 'ORGANIZATION_SLUG_ALREADY_TAKEN'],
  },
  {
    route: 'POST /api/auth/organization/update',
    write: true,
    build: (_, ids) => ({ body: { organizationId: ids.id, data: { name: 'Renamed' } } }),
    own: staff(
      [403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION'],
      [400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'],
    ),
    foreign: outsideTheirOwn([400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']),
  },
  {
    route: 'POST /api/auth/organization/delete',
    write: true,
    build: (_, ids) => ({ body: { organizationId: ids.id } }),
    own: {
      ...staff(
        [403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION'],
        [400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'],
      ),
      admin: [403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION'],
    },
    foreign: {
      ...all([400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']),
      foreignAdmin: [403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION'],
    },
  },
  { route: 'GET /api/auth/organization/list', write: false, build: () => ({}), own: all('ok') },
  {
    route: 'GET /api/auth/organization/get-organization',
    write: false,
    build: (_, ids) => ({ query: { organizationId: ids.id } }),
    own: members([403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']),
    foreign: { ...all([403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']), foreignAdmin: 'ok' },
  },
  {
    route: 'GET /api/auth/organization/get-full-organization',
    write: false,
    build: (_, ids) => ({ query: { organizationId: ids.id } }),
    own: members([403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']),
    foreign: { ...all([403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']), foreignAdmin: 'ok' },
  },
  {
    // Changes the caller's session only; the sessions of the rows are set anew before each request.
    route: 'POST /api/auth/organization/set-active',
    write: true,
    build: (_, ids) => ({ body: { organizationId: ids.id } }),
    own: members([403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']),
    foreign: outsideTheirOwn([403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']),
  },
  {
    route: 'POST /api/auth/organization/remove-member',
    write: true,
    build: (target, ids) => ({ body: { organizationId: target.id, memberIdOrEmail: ids.memberIds.member } }),
    own: staff([401, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER'], [400, 'MEMBER_NOT_FOUND']),
    foreign: [400, 'MEMBER_NOT_FOUND'],
  },
  {
    route: 'POST /api/auth/organization/update-member-role',
    write: true,
    build: (target, ids) => ({
      body: { organizationId: target.id, memberId: ids.memberIds.member, role: 'admin' },
    }),
    own: staff([403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER'], [400, 'MEMBER_NOT_FOUND']),
    foreign: {
      ...all([403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER']),
      outsider: [400, 'MEMBER_NOT_FOUND'],
      foreignAdmin: [400, 'MEMBER_NOT_FOUND'],
    },
  },
  {
    route: 'POST /api/auth/organization/leave',
    write: true,
    build: (_, ids) => ({ body: { organizationId: ids.id } }),
    own: { ...members([400, 'MEMBER_NOT_FOUND']), owner: [400, 'YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER'] },
    foreign: outsideTheirOwn([400, 'MEMBER_NOT_FOUND']),
  },
  {
    route: 'GET /api/auth/organization/get-active-member',
    write: false,
    build: (_, ids) => ({ active: ids.id }),
    own: members([400, 'MEMBER_NOT_FOUND']),
    foreign: { ...all([400, 'MEMBER_NOT_FOUND']), foreignAdmin: 'ok' },
  },
  {
    route: 'GET /api/auth/organization/get-active-member-role',
    write: false,
    build: (target, ids) => ({ query: { organizationId: target.id, userId: ids.users.member.id } }),
    own: members([403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION']),
    foreign: [403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION'],
  },
  {
    route: 'GET /api/auth/organization/list-members',
    write: false,
    build: (_, ids) => ({ query: { organizationId: ids.id } }),
    own: members([403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION']),
    foreign: { ...all([403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION']), foreignAdmin: 'ok' },
  },
  {
    route: 'POST /api/auth/organization/has-permission',
    write: false,
    build: (_, ids) => ({ body: { organizationId: ids.id, permissions: { member: ['create'] } } }),
    own: members([401, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']),
    foreign: { ...all([401, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']), foreignAdmin: 'ok' },
  },
  {
    route: 'POST /api/auth/organization/invite-member',
    write: true,
    build: (target, ids) => ({
      body: { organizationId: target.id, email: uniqueEmail('invitee'), role: 'member', teamId: ids.teamId },
    }),
    own: staff([403, 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION'], [400, 'MEMBER_NOT_FOUND']),
    foreign: {
      ...all([400, 'TEAM_NOT_FOUND']),
      member: [403, 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION'],
      outsider: [400, 'MEMBER_NOT_FOUND'],
      foreignAdmin: [400, 'MEMBER_NOT_FOUND'],
    },
  },
  {
    route: 'POST /api/auth/organization/accept-invitation',
    write: true,
    build: (_, ids) => ({ body: { invitationId: ids.invitationId } }),
    own: all([403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION']),
    foreign: [403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION'],
  },
  {
    route: 'POST /api/auth/organization/reject-invitation',
    write: true,
    build: (_, ids) => ({ body: { invitationId: ids.invitationId } }),
    own: all([403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION']),
    foreign: [403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION'],
  },
  {
    // Another organization's invitation is answered as unknown, whoever asks (as the invitations suite says).
    route: 'POST /api/auth/organization/cancel-invitation',
    write: true,
    build: (_, ids) => ({ body: { invitationId: ids.invitationId } }),
    own: staff([403, 'YOU_ARE_NOT_ALLOWED_TO_CANCEL_THIS_INVITATION'], [400, 'INVITATION_NOT_FOUND']),
    foreign: outsideTheirOwn([400, 'INVITATION_NOT_FOUND']),
  },
  {
    route: 'GET /api/auth/organization/get-invitation',
    write: false,
    build: (_, ids) => ({ query: { id: ids.invitationId } }),
    own: all([403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION']),
    foreign: [403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION'],
  },
  {
    // Plain members may not list invitations (v17-differences S8).
    route: 'GET /api/auth/organization/list-invitations',
    write: false,
    build: (_, ids) => ({ query: { organizationId: ids.id } }),
    own: staff([403, 'YOU_ARE_NOT_ALLOWED_TO_LIST_INVITATIONS'], [403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION']),
    foreign: { ...all([403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION']), foreignAdmin: 'ok' },
  },
  {
    // Answers about the caller's own address alone; the suite's users have not verified theirs.
    route: 'GET /api/auth/organization/list-user-invitations',
    write: false,
    build: () => ({}),
    own: all([403, 'EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION']),
  },
  {
    route: 'POST /api/auth/organization/create-team',
    write: true,
    build: (_, ids) => ({ body: { organizationId: ids.id, name: 'New team' } }),
    own: staff(
      [403, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_TEAMS_IN_THIS_ORGANIZATION'],
      [403, 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION'],
    ),
    foreign: outsideTheirOwn([403, 'YOU_ARE_NOT_ALLOWED_TO_INVITE_USERS_TO_THIS_ORGANIZATION']),
  },
  {
    route: 'GET /api/auth/organization/list-teams',
    write: false,
    build: (_, ids) => ({ query: { organizationId: ids.id } }),
    own: members([403, 'YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION']),
    foreign: { ...all([403, 'YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION']), foreignAdmin: 'ok' },
  },
  {
    route: 'POST /api/auth/organization/update-team',
    write: true,
    build: (target, ids) => ({ body: { teamId: ids.teamId, data: { organizationId: target.id, name: 'Renamed' } } }),
    own: staff([403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM'], [403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM']),
    foreign: {
      ...all([403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_TEAM']),
      owner: [400, 'TEAM_NOT_FOUND'],
      admin: [400, 'TEAM_NOT_FOUND'],
    },
  },
  {
    route: 'POST /api/auth/organization/remove-team',
    write: true,
    build: (target, ids) => ({ body: { teamId: ids.teamId, organizationId: target.id } }),
    own: staff(
      [403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION'],
      [403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM'],
    ),
    foreign: {
      ...all([403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_TEAM']),
      owner: [400, 'TEAM_NOT_FOUND'],
      admin: [400, 'TEAM_NOT_FOUND'],
      member: [403, 'YOU_ARE_NOT_ALLOWED_TO_DELETE_TEAMS_IN_THIS_ORGANIZATION'],
    },
  },
  {
    // The team holds the admin and the member, not the owner.
    route: 'POST /api/auth/organization/set-active-team',
    write: true,
    build: (_, ids) => ({ body: { teamId: ids.teamId } }),
    own: {
      ...members([403, 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM']),
      owner: [403, 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM'],
    },
    foreign: [400, 'TEAM_NOT_FOUND'],
  },
  {
    route: 'GET /api/auth/organization/list-user-teams',
    write: false,
    build: (target, ids) => ({ query: { organizationId: target.id, userId: ids.users.member.id } }),
    own: members([403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION']),
    foreign: {
      ...all([403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION']),
      owner: [400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'],
      admin: [400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'],
      member: [403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER'],
    },
  },
  {
    route: 'GET /api/auth/organization/list-team-members',
    write: false,
    build: (_, ids) => ({ query: { teamId: ids.teamId } }),
    own: { ...members([400, 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM']), owner: [400, 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM'] },
    // The foreign admin is in the other organization's team: it answers them, whatever their session names.
    foreign: { ...all([400, 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM']), foreignAdmin: 'ok' },
  },
  {
    route: 'POST /api/auth/organization/add-team-member',
    write: true,
    build: (target, ids) => ({ body: { organizationId: target.id, teamId: ids.teamId, userId: ids.users.owner.id } }),
    own: staff(
      [403, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER'],
      [400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'],
    ),
    foreign: {
      ...all([400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']),
      member: [403, 'YOU_ARE_NOT_ALLOWED_TO_CREATE_A_NEW_TEAM_MEMBER'],
    },
  },
  {
    route: 'POST /api/auth/organization/remove-team-member',
    write: true,
    build: (target, ids) => ({
      body: { organizationId: target.id, teamId: ids.teamId, userId: ids.users.member.id },
    }),
    own: staff([403, 'YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER'], [400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']),
    foreign: {
      ...all([400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION']),
      member: [403, 'YOU_ARE_NOT_ALLOWED_TO_REMOVE_A_TEAM_MEMBER'],
    },
  },
];

describe('organization tenant isolation', () => {
  let stack: TestStack;
  let db: pg.Client;
  let backEnd: NatsConnection;
  let gateway: NatsConnection;
  let outsider: Actor;
  /** The owner, admin and member of every organization A of the suite. */
  let staffA: Fixture['users'];
  let a: Fixture;
  let b: Fixture;

  const ask = async <T>(nc: NatsConnection, rpc: RpcDefinition<unknown, T>, data: object) => {
    const packet = {
      pattern: rpc.subject,
      data: { correlationId: `isolation-${randomUUID()}`, ...data },
      id: randomUUID(),
    };
    const reply = await nc.request(rpc.subject, JSON.stringify(packet), { timeout: 10_000 });
    const { response, err } = reply.json<{ response?: T; err?: unknown }>();
    if (err) throw new Error(`${rpc.subject} refused: ${JSON.stringify(err)}`);
    return response as T;
  };

  /**
   * Makes the caller's session name `organizationId`, as the gateway records it (the session checks nothing).
   * Every row's caller has a session naming the target organization: even that must not let a non-member in.
   */
  const makeActive = (actor: Actor, organizationId: string) => {
    const cookie = /better-auth\.session_token=([^;]+)/.exec(actor.cookie)![1];
    const token = decodeURIComponent(cookie).split('.')[0];
    return ask(gateway, SessionRpc.setActive, { token, organizationId, teamId: null });
  };

  async function organization(users: Fixture['users']): Promise<Fixture> {
    const created = await users.owner.post<{ id: string; slug: string; members: { id: string }[] }>(
      '/organization/create',
      { name: 'Tenant', slug: uniqueSlug('isolation'), keepCurrentActiveOrganization: true },
    );
    if (created.status !== 200) throw new Error(`create refused: ${JSON.stringify(created.body)}`);
    const { id, slug } = created.body;
    const add = (actor: Actor, role: string) =>
      ask<{ id: string }>(backEnd, MemberRpc.add, { organizationId: id, userId: actor.id, role });
    const [admin, member] = await Promise.all([add(users.admin, 'admin'), add(users.member, 'member')]);
    const team = await users.owner.post<{ id: string }>('/organization/create-team', {
      organizationId: id,
      name: 'Ops',
    });
    await Promise.all(
      [users.admin, users.member].map((actor) =>
        users.owner.post('/organization/add-team-member', {
          organizationId: id,
          teamId: team.body.id,
          userId: actor.id,
        }),
      ),
    );
    const invitation = await users.owner.post<{ id: string }>('/organization/invite-member', {
      organizationId: id,
      email: uniqueEmail('pending'),
      role: 'member',
    });
    if (team.status !== 200 || invitation.status !== 200) throw new Error(`fixture of ${id} refused`);
    return {
      id,
      slug,
      users,
      memberIds: { owner: created.body.members[0].id, admin: admin.id, member: member.id },
      invitationId: invitation.body.id,
      teamId: team.body.id,
    };
  }

  /** Everything an organization holds, and its stream's version: equal before and after a refusal. */
  async function snapshot(organizationId: string) {
    const rows = async (sql: string) => (await db.query(sql, [organizationId])).rows;
    return {
      organization: await rows(`SELECT * FROM organization.organizations WHERE id = $1`),
      members: await rows(`SELECT * FROM organization.members WHERE organization_id = $1 ORDER BY id`),
      invitations: await rows(`SELECT * FROM organization.invitations WHERE organization_id = $1 ORDER BY id`),
      teams: await rows(`SELECT * FROM organization.teams WHERE organization_id = $1 ORDER BY id`),
      teamMembers: await rows(
        `SELECT m.* FROM organization.team_members m JOIN organization.teams t ON t.id = m.team_id
         WHERE t.organization_id = $1 ORDER BY m.id`,
      ),
      version: await rows(
        `SELECT max(stream_position) AS version FROM organization.events WHERE stream_id = 'organization-' || $1`,
      ),
    };
  }

  const callerOf = (role: Role): Actor =>
    role === 'outsider' ? outsider : role === 'foreignAdmin' ? b.users.admin : staffA[role];

  async function send(endpoint: Endpoint, caller: Actor, sent: Sent, target: Fixture) {
    await makeActive(caller, sent.active ?? target.id);
    const [method, path] = endpoint.route.split(' ');
    const route = path.replace('/api/auth', '');
    return method === 'GET' ? caller.get(route, sent.query) : caller.post(route, sent.body);
  }

  const expectAnswer = (answer: JsonResponse<unknown>, expected: Answer, row: string) => {
    const [status, code] = expected === 'ok' ? [200, undefined] : expected;
    const seen = { row, status: answer.status, code: (answer.body as { code?: string } | null)?.code };
    expect(seen).toEqual({ row, status, code });
    if (code) expect(answer.body).toEqual({ code, message: OrganizationErrors[code].message });
  };

  beforeAll(async () => {
    // Each user calls every route from one client, invitations included (3 per 10 s when limited).
    stack = await TestStack.start({ RATE_LIMIT_ENABLED: 'false' });
    db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    const options = { waitOnFirstConnect: true, maxReconnectAttempts: 10, reconnectTimeWait: 200 };
    [backEnd, gateway] = await Promise.all([
      connect({ ...stack.natsOptions(BackEndNatsAccess.user), ...options }),
      connect({ ...stack.natsOptions('gateway'), ...options }),
    ]);
    const [ownerA, adminA, memberA, ownerB, adminB, memberB, anyone] = await Promise.all(
      ['owner-a', 'admin-a', 'member-a', 'owner-b', 'admin-b', 'member-b', 'outsider'].map((label) =>
        signUpActor(stack, label),
      ),
    );
    staffA = { owner: ownerA, admin: adminA, member: memberA };
    outsider = anyone;
    [a, b] = await Promise.all([organization(staffA), organization({ owner: ownerB, admin: adminB, member: memberB })]);
  });

  afterAll(async () => {
    await Promise.all([backEnd?.close(), gateway?.close(), db?.end()]);
    await stack?.stop();
  });

  it('has a row of the matrix for every organization route the gateway declares', () => {
    const routes = declaredRoutes(join(process.cwd(), 'gateway/src/organization'), '/api/auth').map(
      ({ route }) => route,
    );
    expect(ENDPOINTS.map(({ route }) => route).sort()).toEqual([...routes].sort());
  });

  const foreignAnswer = ({ foreign }: Endpoint, role: Role): Answer | null | undefined =>
    foreign === undefined || foreign === 'ok' || Array.isArray(foreign) ? foreign : foreign[role];
  const rows = ENDPOINTS.flatMap((endpoint) =>
    ROLES.flatMap((role) => {
      const foreign = foreignAnswer(endpoint, role);
      const own = { endpoint, role, ids: 'own', expected: endpoint.own[role] };
      return foreign ? [own, { endpoint, role, ids: 'foreign', expected: foreign }] : [own];
    }),
  );

  it.each(rows)('$endpoint.route by $role with $ids ids', async ({ endpoint, role, ids, expected }) => {
    const row = `${endpoint.route} ${role} ${ids}`;
    // An allowed write changes its organization: it gets one of its own, so the shared A and B stay as they were
    // (and every write, allowed or refused, must leave them so).
    const target = expected === 'ok' && endpoint.write ? await organization(staffA) : a;
    const caller = callerOf(role);
    const sent = endpoint.build(target, ids === 'own' ? target : b);
    const untouched = endpoint.write ? await Promise.all([snapshot(a.id), snapshot(b.id)]) : null;
    expectAnswer(await send(endpoint, caller, sent, target), expected, row);
    if (untouched) expect(await Promise.all([snapshot(a.id), snapshot(b.id)])).toEqual(untouched);
  });

  describe('a caller owning two organizations, naming the ids of one under the other', () => {
    let c: Fixture;
    let d: Fixture;
    beforeAll(async () => {
      const dual = await signUpActor(stack, 'dual');
      [c, d] = await Promise.all([organization({ ...staffA, owner: dual }), organization({ ...b.users, owner: dual })]);
    });

    const CROSSED: { route: string; send(c: Fixture, d: Fixture): Sent; expected: Answer }[] = [
      {
        route: 'POST /api/auth/organization/update-team',
        send: (c, d) => ({ body: { teamId: c.teamId, data: { organizationId: d.id, name: 'Moved' } } }),
        expected: [400, 'TEAM_NOT_FOUND'],
      },
      {
        route: 'POST /api/auth/organization/remove-team',
        send: (c, d) => ({ body: { teamId: c.teamId, organizationId: d.id } }),
        expected: [400, 'TEAM_NOT_FOUND'],
      },
      {
        route: 'POST /api/auth/organization/add-team-member',
        send: (c, d) => ({ body: { teamId: c.teamId, organizationId: d.id, userId: d.users.member.id } }),
        expected: [400, 'TEAM_NOT_FOUND'],
      },
      {
        route: 'POST /api/auth/organization/remove-team-member',
        send: (c, d) => ({ body: { teamId: c.teamId, organizationId: d.id, userId: c.users.member.id } }),
        expected: [400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'],
      },
      {
        route: 'POST /api/auth/organization/remove-team-member',
        send: (c, d) => ({ body: { teamId: c.teamId, organizationId: d.id, userId: d.users.member.id } }),
        expected: [400, 'TEAM_NOT_FOUND'],
      },
      {
        route: 'POST /api/auth/organization/remove-member',
        send: (c, d) => ({ body: { organizationId: d.id, memberIdOrEmail: c.memberIds.member } }),
        expected: [400, 'MEMBER_NOT_FOUND'],
      },
      {
        route: 'POST /api/auth/organization/remove-member',
        send: (c, d) => ({ body: { organizationId: d.id, memberIdOrEmail: c.users.member.email } }),
        expected: [400, 'MEMBER_NOT_FOUND'],
      },
      {
        route: 'POST /api/auth/organization/update-member-role',
        send: (c, d) => ({ body: { organizationId: d.id, memberId: c.memberIds.member, role: 'admin' } }),
        expected: [403, 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_MEMBER'],
      },
      {
        route: 'POST /api/auth/organization/invite-member',
        send: (c, d) => ({
          body: { organizationId: d.id, email: uniqueEmail('crossed'), role: 'member', teamId: c.teamId },
        }),
        expected: [400, 'TEAM_NOT_FOUND'],
      },
      {
        route: 'POST /api/auth/organization/set-active-team',
        send: (c, d) => ({ body: { teamId: c.teamId }, active: d.id }),
        expected: [400, 'TEAM_NOT_FOUND'],
      },
      {
        route: 'GET /api/auth/organization/list-user-teams',
        send: (c, d) => ({ query: { organizationId: d.id, userId: c.users.member.id } }),
        expected: [400, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'],
      },
      {
        route: 'GET /api/auth/organization/get-active-member-role',
        send: (c, d) => ({ query: { organizationId: d.id, userId: c.users.member.id } }),
        expected: [403, 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION'],
      },
    ];

    it.each(CROSSED)('$route refuses the other organization’s ids', async ({ route, send: build, expected }) => {
      const endpoint = ENDPOINTS.find((candidate) => candidate.route === route)!;
      const untouched = await Promise.all([snapshot(c.id), snapshot(d.id)]);
      const answer = await send(endpoint, c.users.owner, build(c, d), d);
      expectAnswer(answer, expected, route);
      expect(await Promise.all([snapshot(c.id), snapshot(d.id)])).toEqual(untouched);
    });
  });
});
