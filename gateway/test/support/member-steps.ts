import { BackEndNatsAccess, MemberRpc } from '@authsvc/contracts';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { uniqueSlug, type Actor } from './actor.js';
import { askNats } from './nats-rpc.js';
import { NATS_ADMIN, TestStack } from './test-stack.js';

export interface Member {
  id: string;
  organizationId: string;
  userId: string;
  role: string;
  createdAt: string;
  user?: { id: string; name: string; email: string; image: string | null };
}

export const MEMBERSHIP_LIMIT = 5;

/** The member suites' stack, a client of its database, and NATS as the back end and as the tests' admin. */
export interface MemberWorld {
  stack: TestStack;
  db: pg.Client;
  backEnd: NatsConnection;
  admin: NatsConnection;
  stop(): Promise<void>;
}

export async function startMemberWorld(): Promise<MemberWorld> {
  const stack = await TestStack.start({ MEMBERSHIP_LIMIT: String(MEMBERSHIP_LIMIT) });
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  // On a loaded machine a client may miss nats-server's time to authenticate: it connects again.
  const options = { waitOnFirstConnect: true, maxReconnectAttempts: 10, reconnectTimeWait: 200 };
  const [backEnd, admin] = await Promise.all([
    connect({ ...stack.natsOptions(BackEndNatsAccess.user), ...options }),
    connect({ ...stack.natsOptions(NATS_ADMIN), ...options }),
  ]);
  const stop = async () => {
    await Promise.all([backEnd.close(), admin.close(), db.end()]);
    await stack.stop();
  };
  return { stack, db, backEnd, admin, stop };
}

/** The steps of the member suites, on the world `world()` returns when they run. */
export function memberSteps(world: () => MemberWorld) {
  /** Server code adding a user, with the back end's credential. */
  const addMember = (organizationId: string, userId: string, role: string | string[] = 'member') =>
    askNats(world().backEnd, MemberRpc.add, { organizationId, userId, role }, 'members');

  /** An organization of `owner` with the others added as the roles say; its id and the member ids by user. */
  async function organization(owner: Actor, others: [Actor, string][] = []) {
    const created = await owner.post<{ id: string; slug: string; members: Member[] }>('/organization/create', {
      name: 'Acme',
      slug: uniqueSlug('members'),
    });
    expect(created.status).toBe(200);
    const memberIds = new Map([[owner.id, created.body.members[0].id]]);
    for (const [actor, role] of others) {
      const added = await addMember(created.body.id, actor.id, role);
      expect(added.err).toBeUndefined();
      memberIds.set(actor.id, added.response!.id);
    }
    return { id: created.body.id, slug: created.body.slug, memberId: (actor: Actor) => memberIds.get(actor.id)! };
  }

  const listMembers = (actor: Actor, query: Record<string, string | number | undefined>) =>
    actor.get<{ members: Member[]; total: number }>('/organization/list-members', query);
  const rolesIn = async (organizationId: string, viewer: Actor) =>
    Object.fromEntries(
      (await listMembers(viewer, { organizationId })).body.members.map(({ userId, role }) => [userId, role]),
    );
  const removals = async (organizationId: string) =>
    (
      await world().db.query<{ data: { userId: string; reason: string } }>(
        `SELECT data FROM organization.events WHERE stream_id = $1 AND type = 'MemberRemoved' ORDER BY stream_position`,
        [`organization-${organizationId}`],
      )
    ).rows.map(({ data }) => ({ userId: data.userId, reason: data.reason }));

  /** The teams of the organization the user is in (a creator is in its default team). */
  const teamsOf = async (organizationId: string, userId: string) =>
    (
      await world().db.query(
        `SELECT 1 FROM organization.team_members m JOIN organization.teams t ON t.id = m.team_id
         WHERE t.organization_id = $1 AND m.user_id = $2`,
        [organizationId, userId],
      )
    ).rowCount;

  return { addMember, organization, listMembers, rolesIn, removals, teamsOf };
}
