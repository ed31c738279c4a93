import { randomUUID } from 'node:crypto';
import {
  ActiveOrganizationChanged,
  MemberRemoved,
  parseSessionReadModel,
  sessionReadModelKey,
  SessionRpc,
  TeamMemberRemoved,
  type DataOf,
  type EventDefinition,
  type PublishedEvent,
  type SessionAndUser,
} from '@authsvc/contracts';
import { jetstream, type JetStreamClient } from '@nats-io/jetstream';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { ClientProxyFactory, Transport, type ClientProxy } from '@nestjs/microservices';
import { Redis } from 'ioredis';
import pg from 'pg';
import { firstValueFrom } from 'rxjs';
import { eventually } from '../../../gateway/test/support/eventually';
import { cookieHeaderFrom, postJson, randomClientIp, request, uniqueEmail } from '../../../gateway/test/support/http';
import { NATS_ADMIN, TestStack } from '../../../gateway/test/support/test-stack';
import { TEST_REDIS_URL } from '../../../gateway/test/support/test-redis';

// The built session service in the whole stack (real PostgreSQL, Redis, NATS with JetStream): sessions start
// through the gateway; the test stands in for the gateway's organization routes (set-active over NATS) and for
// the organization service (its events, published to its stream).
interface Active {
  readonly organizationId: string | null;
  readonly teamId: string | null;
}

describe('the active organization and team of a session', () => {
  let stack: TestStack;
  let nats: ClientProxy;
  let nc: NatsConnection;
  let js: JetStreamClient;
  let redis: Redis;
  let database: pg.Client;

  beforeAll(async () => {
    stack = await TestStack.start({ RATE_LIMIT_ENABLED: 'false' });
    nats = ClientProxyFactory.create({ transport: Transport.NATS, options: stack.natsOptions(NATS_ADMIN) });
    nc = await connect(stack.natsOptions(NATS_ADMIN));
    js = jetstream(nc);
    redis = new Redis(TEST_REDIS_URL);
    database = new pg.Client({ connectionString: stack.databaseUrl });
    await database.connect();
  });

  afterAll(async () => {
    await database?.end();
    redis?.disconnect();
    await nc?.close();
    await nats?.close();
    await stack?.stop();
  });

  const newId = () => randomUUID().replaceAll('-', '');
  const password = 'correct-horse-1';

  async function signUp(): Promise<{ email: string; token: string; cookie: string; userId: string }> {
    const email = uniqueEmail('active-org');
    const answer = await postJson<{ token: string; user: { id: string } }>(
      stack.url('/api/auth/sign-up/email'),
      { name: 'Member', email, password },
      { 'x-forwarded-for': randomClientIp() },
    );
    expect(answer.status).toBe(200);
    const cookie = cookieHeaderFrom(answer.setCookies);
    return { email, token: answer.body.token, cookie, userId: answer.body.user.id };
  }

  async function signIn(email: string): Promise<string> {
    const answer = await postJson<{ token: string }>(
      stack.url('/api/auth/sign-in/email'),
      { email, password },
      { 'x-forwarded-for': randomClientIp() },
    );
    expect(answer.status).toBe(200);
    return answer.body.token;
  }

  const setActive = (token: string, organizationId: string | null, teamId: string | null) =>
    firstValueFrom(
      nats.send<SessionAndUser | null>(SessionRpc.setActive.subject, {
        correlationId: newId(),
        token,
        organizationId,
        teamId,
      }),
    );

  async function stored(token: string): Promise<Active & { sessionId: string }> {
    const { rows } = await database.query(
      'SELECT id, active_organization_id, active_team_id FROM session.sessions WHERE token = $1',
      [token],
    );
    return { sessionId: rows[0].id, organizationId: rows[0].active_organization_id, teamId: rows[0].active_team_id };
  }

  /** The session's read model as every gateway reads it; undefined when there is no entry. */
  async function published(token: string): Promise<Active | undefined> {
    const entry = parseSessionReadModel(await redis.get(sessionReadModelKey(token)));
    if (entry === undefined || entry === 'revoked') return undefined;
    return { organizationId: entry.session.activeOrganizationId, teamId: entry.session.activeTeamId };
  }

  /**
   * The read model once rewritten after a recorded change: absent (a miss) until then, and never `before`, the choice
   * the change replaced.
   */
  async function rewritten(token: string, before: Active): Promise<Active> {
    expect(await published(token)).not.toEqual(before);
    return eventually(() => published(token), { what: 'the rewritten entry' });
  }

  async function recordedChanges(token: string): Promise<number> {
    const { sessionId } = await stored(token);
    const { rows } = await database.query('SELECT count(*)::int AS count FROM session.events WHERE stream_id = $1', [
      `session-${sessionId}`,
    ]);
    const changes = await database.query(
      'SELECT count(*)::int AS count FROM session.events WHERE stream_id = $1 AND type = $2',
      [`session-${sessionId}`, ActiveOrganizationChanged.type],
    );
    expect(rows[0].count).toBeGreaterThanOrEqual(changes.rows[0].count);
    return changes.rows[0].count;
  }

  /** An organization event as the organization service's outbox relay publishes it. */
  async function publish(definition: EventDefinition<unknown, unknown>, data: { organizationId: string }) {
    const eventId = randomUUID();
    const event: PublishedEvent = {
      type: definition.type,
      schemaVersion: definition.schemaVersion,
      streamId: `organization-${data.organizationId}`,
      streamPosition: 1,
      globalPosition: '1',
      data,
      personal: null,
      metadata: {
        eventId,
        correlationId: newId(),
        causationId: null,
        actorId: null,
        occurredAt: new Date().toISOString(),
      },
    };
    await js.publish(definition.subject, JSON.stringify(event), { msgID: eventId });
  }

  function memberRemoved(userId: string, organizationId: string, removedAt = new Date()) {
    const data: DataOf<typeof MemberRemoved> = {
      organizationId,
      memberId: newId(),
      userId,
      reason: 'removed',
      removedAt: removedAt.toISOString(),
    };
    return publish(MemberRemoved, data);
  }

  function teamMemberRemoved(userId: string, organizationId: string, teamId: string) {
    const data: DataOf<typeof TeamMemberRemoved> = {
      organizationId,
      teamId,
      teamMemberId: newId(),
      userId,
      removedAt: new Date().toISOString(),
    };
    return publish(TeamMemberRemoved, data);
  }

  describe('set-active', () => {
    it('records the choice in the session and its read model before it answers, once', async () => {
      const { token, cookie, userId } = await signUp();
      // The entry is in Redis (a gateway served it): the change must replace it, not wait for it to expire.
      expect((await request(stack.url('/api/auth/get-session'), { headers: { cookie } })).status).toBe(200);
      expect(await published(token)).toEqual({ organizationId: null, teamId: null });
      const [organizationId, teamId] = [newId(), newId()];

      const answer = await setActive(token, organizationId, teamId);
      expect(answer).toMatchObject({ session: { token, activeOrganizationId: organizationId, activeTeamId: teamId } });
      expect(answer?.user.id).toBe(userId);
      expect(await published(token)).toEqual({ organizationId, teamId });
      expect(await stored(token)).toMatchObject({ organizationId, teamId });
      const session = await request<{ session: Active & { activeOrganizationId: string; activeTeamId: string } }>(
        stack.url('/api/auth/get-session'),
        { headers: { cookie } },
      );
      expect(session.body.session).toMatchObject({ activeOrganizationId: organizationId, activeTeamId: teamId });

      expect(await recordedChanges(token)).toBe(1);
      await setActive(token, organizationId, teamId);
      expect(await recordedChanges(token)).toBe(1);
      await setActive(token, organizationId, null);
      expect(await recordedChanges(token)).toBe(2);
      expect(await published(token)).toEqual({ organizationId, teamId: null });
    });

    it('answers null for an ended session and records nothing', async () => {
      const { token, cookie } = await signUp();
      const signedOut = await postJson(stack.url('/api/auth/sign-out'), {}, { cookie, origin: stack.baseUrl });
      expect(signedOut.status).toBe(200);
      expect(await setActive(token, newId(), null)).toBeNull();
      expect(await setActive(newId(), newId(), null)).toBeNull();
    });

    it('refuses a team without an organization', async () => {
      const { token } = await signUp();
      await expect(setActive(token, null, newId())).rejects.toMatchObject({ code: 'NO_ACTIVE_ORGANIZATION' });
      expect(await stored(token)).toMatchObject({ organizationId: null, teamId: null });
    });
  });

  describe('when a membership ends', () => {
    it('clears the organization and team of every live session of the user that has it active, once', async () => {
      const { email, token, userId } = await signUp();
      const [second, third] = [await signIn(email), await signIn(email)];
      const [left, kept, team] = [newId(), newId(), newId()];
      await setActive(token, left, team);
      await setActive(second, left, null);
      await setActive(third, kept, null);

      await memberRemoved(userId, left);
      for (const cleared of [token, second]) {
        await eventually(async () => ((await stored(cleared)).organizationId === null ? true : undefined), {
          what: 'the membership end to reach the session',
        });
        expect(await stored(cleared)).toMatchObject({ organizationId: null, teamId: null });
        expect(await rewritten(cleared, { organizationId: left, teamId: expect.anything() })).toEqual({
          organizationId: null,
          teamId: null,
        });
      }
      expect(await stored(third)).toMatchObject({ organizationId: kept });
      expect(await published(third)).toEqual({ organizationId: kept, teamId: null });

      // Delivered again (at least once), then followed by a fact that changes something: nothing more recorded.
      const before = await recordedChanges(token);
      await memberRemoved(userId, left);
      await memberRemoved(userId, kept);
      await eventually(async () => ((await stored(third)).organizationId === null ? true : undefined), {
        what: 'the second removal to reach the session',
      });
      expect(await recordedChanges(token)).toBe(before);
    });

    it('clears only the team of the sessions that have that team active', async () => {
      const { email, token, userId } = await signUp();
      const other = await signIn(email);
      const [organizationId, left, kept] = [newId(), newId(), newId()];
      await setActive(token, organizationId, left);
      await setActive(other, organizationId, kept);

      await teamMemberRemoved(userId, organizationId, left);
      await eventually(async () => ((await stored(token)).teamId === null ? true : undefined), {
        what: 'the team membership end to reach the session',
      });
      expect(await stored(token)).toMatchObject({ organizationId, teamId: null });
      expect(await rewritten(token, { organizationId, teamId: left })).toEqual({ organizationId, teamId: null });
      expect(await stored(other)).toMatchObject({ organizationId, teamId: kept });
    });

    it('leaves alone an organization chosen again after the membership ended (an event arriving late)', async () => {
      const { email, token, userId } = await signUp();
      const other = await signIn(email);
      const [organizationId, team, another] = [newId(), newId(), newId()];
      const endedAt = new Date();
      await setActive(token, organizationId, team);
      await setActive(other, another, null);

      await memberRemoved(userId, organizationId, endedAt);
      // The next removal follows it through the same consumer: once that one is applied, the late one was handled.
      await memberRemoved(userId, another);
      await eventually(async () => ((await stored(other)).organizationId === null ? true : undefined), {
        what: 'the next removal to reach the other session',
      });
      expect(await stored(token)).toMatchObject({ organizationId, teamId: team });
      expect(await published(token)).toEqual({ organizationId, teamId: team });
    });
  });
});
