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
import {
  ROLES,
  type Answer,
  type Endpoint,
  type Fixture,
  type Role,
  type Sent,
} from './support/organization-isolation-answers.js';
import { ENDPOINTS } from './support/organization-isolation-endpoints.js';

/**
 * Tenant isolation (issue 18): every organization, member, invitation and team route × every kind of caller ×
 * the target organization's own ids and another organization's ids. A refusal must be the reference's answer and
 * change nothing in either organization: no row, no event.
 */

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
