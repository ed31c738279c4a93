import { randomUUID } from 'node:crypto';
import { MemberRpc, memberReadModelKey, parseMemberReadModel, type MemberWithUserView } from '@authsvc/contracts';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { Redis } from 'ioredis';
import pg from 'pg';
import { signUpActor, uniqueSlug, type Actor } from './support/actor.js';
import { eventually } from './support/eventually.js';
import { PrivateRedis } from './support/private-redis.js';
import { NATS_ADMIN, TestStack } from './support/test-stack.js';

interface MemberRow {
  id: string;
  organization_id: string;
  user_id: string;
  role: string;
  created_at: Date;
  version: number;
}

/**
 * get-active-member from the organization service's member read model in Redis: the stack runs against a Redis
 * of the test's own, so that flushing it touches no other suite.
 */
describe('get-active-member from the member read model', () => {
  let privateRedis: PrivateRedis;
  let stack: TestStack;
  let redis: Redis;
  let db: pg.Client;
  let admin: NatsConnection;

  beforeAll(async () => {
    privateRedis = await PrivateRedis.start();
    stack = await TestStack.start({ REDIS_URL: privateRedis.url, RATE_LIMIT_ENABLED: 'false' });
    redis = new Redis(privateRedis.url);
    db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
    const options = { waitOnFirstConnect: true, maxReconnectAttempts: 10, reconnectTimeWait: 200 };
    admin = await connect({ ...stack.natsOptions(NATS_ADMIN), ...options });
  });

  afterAll(async () => {
    await Promise.all([admin?.close(), db?.end()]);
    redis?.disconnect();
    await stack?.stop();
    await privateRedis?.stop();
  });

  const stored = async (organizationId: string, userId: string) =>
    parseMemberReadModel(await redis.get(memberReadModelKey(organizationId, userId)));
  const memberRow = async (organizationId: string, userId: string) =>
    (
      await db.query<MemberRow>('SELECT * FROM organization.members WHERE organization_id = $1 AND user_id = $2', [
        organizationId,
        userId,
      ])
    ).rows[0];
  const activeMember = (actor: Actor) => actor.get<MemberWithUserView>('/organization/get-active-member');

  /** An organization of a new owner, and a new member who joined by invitation (which makes it their active one). */
  async function organizationWithMember() {
    const [owner, member] = await Promise.all([signUpActor(stack, 'owner'), signUpActor(stack, 'member')]);
    const created = await owner.post<{ id: string }>('/organization/create', { name: 'Acme', slug: uniqueSlug('am') });
    expect(created.status).toBe(200);
    const invited = await owner.post<{ id: string }>('/organization/invite-member', {
      email: member.email,
      role: 'member',
    });
    expect(invited.status).toBe(200);
    expect((await member.post('/organization/accept-invitation', { invitationId: invited.body.id })).status).toBe(200);
    // Commands naming the member by id read it with its user, which the organization service's copy of
    // identity's users may take a moment to hold.
    await eventually(async () => {
      const { rowCount } = await db.query('SELECT 1 FROM organization.user_profiles WHERE user_id = $1', [member.id]);
      return rowCount === 1 ? true : undefined;
    });
    return { organizationId: created.body.id, owner, member };
  }

  it('answers what the organization service answers, from the entry written before accept-invitation answered', async () => {
    const { organizationId, member } = await organizationWithMember();
    const row = await memberRow(organizationId, member.id);
    expect(await stored(organizationId, member.id)).toEqual({
      version: row.version,
      member: { id: row.id, role: 'member', createdAt: row.created_at.toISOString() },
    });
    const expected = {
      id: row.id,
      organizationId,
      userId: member.id,
      role: 'member',
      createdAt: row.created_at.toISOString(),
      user: { id: member.id, name: member.name, email: member.email, image: null },
    };
    expect(await activeMember(member)).toMatchObject({ status: 200, body: expected });
    // A miss goes to the organization service, which answers the same and writes the entry again.
    await redis.del(memberReadModelKey(organizationId, member.id));
    expect((await activeMember(member)).body).toEqual(expected);
    expect((await stored(organizationId, member.id))?.member?.id).toBe(row.id);
  });

  it("reads a role change on the member's very next request", async () => {
    const { organizationId, owner, member } = await organizationWithMember();
    const memberId = (await memberRow(organizationId, member.id)).id;
    for (const role of ['admin', 'member', 'admin,member']) {
      const changed = await owner.post('/organization/update-member-role', { memberId, role });
      expect(changed).toMatchObject({ status: 200, body: { role } });
      expect(await activeMember(member)).toMatchObject({ status: 200, body: { id: memberId, role } });
      expect(await member.get('/organization/get-active-member-role')).toMatchObject({ status: 200, body: { role } });
      const named = await member.get('/organization/get-active-member-role', { organizationId });
      expect(named).toMatchObject({ status: 200, body: { role } });
    }
  });

  it('answers MEMBER_NOT_FOUND once another member removed the caller, and NO_ACTIVE_ORGANIZATION after leave', async () => {
    const removal = await organizationWithMember();
    const memberId = (await memberRow(removal.organizationId, removal.member.id)).id;
    expect((await activeMember(removal.member)).status).toBe(200);
    expect(await removal.owner.post('/organization/remove-member', { memberIdOrEmail: memberId })).toMatchObject({
      status: 200,
    });
    expect((await stored(removal.organizationId, removal.member.id))?.member).toBeNull();
    // The member's session names the organization until the session service takes in the removal.
    const afterRemoval = await activeMember(removal.member);
    expect(afterRemoval.status).toBe(400);
    expect(['MEMBER_NOT_FOUND', 'NO_ACTIVE_ORGANIZATION']).toContain((afterRemoval.body as { code?: string }).code);
    expect(
      await removal.member.get('/organization/get-active-member-role', { organizationId: removal.organizationId }),
    ).toMatchObject({ status: 403, body: { code: 'YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION' } });

    const leaving = await organizationWithMember();
    expect((await activeMember(leaving.member)).status).toBe(200);
    const left = await leaving.member.post('/organization/leave', { organizationId: leaving.organizationId });
    expect(left.status).toBe(200);
    expect((await stored(leaving.organizationId, leaving.member.id))?.member).toBeNull();
    expect(await activeMember(leaving.member)).toMatchObject({
      status: 400,
      body: { code: 'NO_ACTIVE_ORGANIZATION' },
    });
  });

  it('keeps a removal when a fill built from a read made before it arrives late', async () => {
    const { organizationId, owner, member } = await organizationWithMember();
    const before = await memberRow(organizationId, member.id);
    expect((await owner.post('/organization/remove-member', { memberIdOrEmail: before.id })).status).toBe(200);
    const removal = await stored(organizationId, member.id);
    expect(removal).toEqual({ version: expect.any(Number), member: null });
    expect(removal!.version).toBeGreaterThan(before.version);
    // The row as a slow reader saw it before the removal: the fill of its answer carries the older version.
    await db.query(
      `INSERT INTO organization.members (id, organization_id, user_id, role, created_at, version)
       VALUES ($1, $2, $3, $4, $5, $6)`,
      [before.id, organizationId, member.id, before.role, before.created_at, before.version],
    );
    try {
      const packet = {
        pattern: MemberRpc.getActive.subject,
        data: {
          correlationId: randomUUID(),
          userId: member.id,
          activeOrganizationId: organizationId,
          activeTeamId: null,
        },
        id: randomUUID(),
      };
      const answer = (
        await admin.request(MemberRpc.getActive.subject, JSON.stringify(packet), { timeout: 10_000 })
      ).json<{
        response?: { id: string };
      }>();
      expect(answer.response?.id).toBe(before.id);
      expect(await stored(organizationId, member.id)).toEqual(removal);
    } finally {
      await db.query('DELETE FROM organization.members WHERE id = $1', [before.id]);
    }
  });

  it('answers correctly after Redis lost everything (FLUSHDB), and writes the entry again', async () => {
    const { organizationId, owner, member } = await organizationWithMember();
    const memberId = (await memberRow(organizationId, member.id)).id;
    expect((await owner.post('/organization/update-member-role', { memberId, role: 'admin' })).status).toBe(200);
    await redis.flushdb();
    expect(await activeMember(member)).toMatchObject({ status: 200, body: { id: memberId, role: 'admin' } });
    expect((await stored(organizationId, member.id))?.member?.role).toBe('admin');
    await redis.flushdb();
    expect((await owner.post('/organization/remove-member', { memberIdOrEmail: memberId })).status).toBe(200);
    expect((await stored(organizationId, member.id))?.member).toBeNull();
  });

  it('heals through its consumer a change committed without its Redis write (the process killed in between)', async () => {
    const { organizationId, member } = await organizationWithMember();
    const before = await memberRow(organizationId, member.id);
    expect((await activeMember(member)).body).toMatchObject({ role: 'member' });
    // What an append leaves when the process dies right after its commit: the event and the projected row,
    // and no Redis write. The relay publishes the event; the service's own consumer brings the entry in line.
    const streamId = `organization-${organizationId}`;
    const { rows } = await db.query<{ version: number }>(
      'SELECT max(stream_position)::int + 1 AS version FROM organization.events WHERE stream_id = $1',
      [streamId],
    );
    const version = rows[0].version;
    const now = new Date().toISOString();
    const data = {
      organizationId,
      memberId: before.id,
      userId: member.id,
      role: 'admin',
      previousRole: 'member',
      changedAt: now,
    };
    const metadata = {
      eventId: randomUUID(),
      correlationId: randomUUID(),
      causationId: null,
      actorId: null,
      occurredAt: now,
    };
    await db.query('BEGIN');
    await db.query(
      `INSERT INTO organization.events (event_id, stream_id, stream_position, type, schema_version, data, metadata, occurred_at)
       VALUES ($1, $2, $3, 'MemberRoleChanged', 1, $4, $5, $6)`,
      [metadata.eventId, streamId, version, JSON.stringify(data), JSON.stringify(metadata), now],
    );
    await db.query('UPDATE organization.members SET role = $1, version = $2 WHERE id = $3', [
      'admin',
      version,
      before.id,
    ]);
    await db.query('COMMIT');
    await eventually(async () => ((await stored(organizationId, member.id))?.version === version ? true : undefined), {
      what: 'the consumer to write the committed change',
    });
    expect(await activeMember(member)).toMatchObject({ status: 200, body: { id: before.id, role: 'admin' } });
  });
});
