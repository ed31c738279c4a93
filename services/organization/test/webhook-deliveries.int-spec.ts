import { randomBytes, randomUUID } from 'node:crypto';
import type { PublishedEvent } from '@authsvc/contracts';
import { createServiceDataSource, ensureDatabase } from '@authsvc/platform';
import pg from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import { Webhooks1765450000000 } from '../src/migrations/1765450000000-webhooks';
import { WebhookDeliveries } from '../src/webhook/webhook-deliveries';

// The webhook delivery queue against a real PostgreSQL, in a database of its own with the webhook tables.
const databaseUrl = new URL(
  `postgres://postgres@127.0.0.1:5432/organization_webhooks_${randomBytes(4).toString('hex')}`,
);
let dataSource: DataSource;
let deliveries: WebhookDeliveries;

beforeAll(async () => {
  await ensureDatabase(databaseUrl);
  dataSource = createServiceDataSource({ databaseUrl, schema: 'organization', entities: [], migrations: [] });
  await dataSource.initialize();
  await dataSource.query('CREATE SCHEMA organization');
  const runner = dataSource.createQueryRunner();
  await new Webhooks1765450000000().up(runner);
  await runner.release();
  deliveries = new WebhookDeliveries(dataSource);
});

afterAll(async () => {
  await dataSource.destroy();
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  await admin.query(`DROP DATABASE "${databaseUrl.pathname.slice(1)}" WITH (FORCE)`);
  await admin.end();
});

/** A webhook, created when its organization's stream was at `fromPosition`. */
async function webhook(events: string[], fromPosition = 0, organizationId = `org-${randomUUID()}`) {
  const id = randomUUID();
  await dataSource.query(
    `INSERT INTO organization.webhooks (id, organization_id, url, events, secret, from_position, created_at, updated_at)
     VALUES ($1, $2, 'https://hooks.example.com/', $3, '\\x00', $4, now(), now())`,
    [id, organizationId, events, fromPosition],
  );
  return { id, organizationId };
}

const event = (organizationId: string, streamPosition: number, type = 'OrganizationUpdated'): PublishedEvent => ({
  type,
  schemaVersion: 1,
  streamId: `organization-${organizationId}`,
  streamPosition,
  globalPosition: String(streamPosition),
  data: { organizationId },
  personal: null,
  metadata: {
    eventId: `event-${organizationId}-${streamPosition}`,
    correlationId: 'c',
    causationId: null,
    actorId: null,
    occurredAt: new Date().toISOString(),
  },
});

async function positionsOf(webhookId: string): Promise<number[]> {
  const rows = await dataSource.query<{ stream_position: number }[]>(
    'SELECT stream_position FROM organization.webhook_deliveries WHERE webhook_id = $1 ORDER BY stream_position',
    [webhookId],
  );
  return rows.map(({ stream_position }) => stream_position);
}

/** Runs `work` holding the next delivery in a transaction of its own; what it held (undefined: none). */
function holding<T>(work: (manager: EntityManager, held: { id: string } | undefined) => Promise<T>): Promise<T> {
  return dataSource.transaction(async (manager) => work(manager, await deliveries.holdNext(manager)));
}

const failedUntil = (next: Date | null) => ({
  status: next ? ('pending' as const) : ('failed' as const),
  next,
  at: new Date(),
  answered: 500,
  error: 'answered 500',
});

describe('webhook deliveries', () => {
  // Each test sends only its own deliveries: whatever an earlier one left pending is done with.
  beforeEach(() => dataSource.query("UPDATE organization.webhook_deliveries SET status = 'delivered'"));

  it('queues an event once per webhook that wants its type, from the webhook creation on', async () => {
    const everything = await webhook(['*'], 2);
    const members = await webhook(['MemberAdded'], 0, everything.organizationId);
    const other = await webhook(['*']);
    for (const position of [1, 2, 3, 3, 4])
      await deliveries.queue(event(everything.organizationId, position), new Date());
    await deliveries.queue(event(everything.organizationId, 5, 'MemberAdded'), new Date());
    expect(await positionsOf(everything.id)).toEqual([3, 4, 5]);
    expect(await positionsOf(members.id)).toEqual([5]);
    expect(await positionsOf(other.id)).toEqual([]);
  });

  it('skips an older event for a webhook that has a later delivery already', async () => {
    const { id, organizationId } = await webhook(['*']);
    await deliveries.queue(event(organizationId, 2), new Date());
    await deliveries.queue(event(organizationId, 1), new Date());
    expect(await positionsOf(id)).toEqual([2]);
  });

  it("offers only a webhook's oldest pending delivery, to one sender at a time", async () => {
    const { id, organizationId } = await webhook(['*']);
    for (const position of [1, 2, 3]) await deliveries.queue(event(organizationId, position), new Date());
    const positionOf = async (deliveryId: string) =>
      (
        await dataSource.query<{ stream_position: number }[]>(
          'SELECT stream_position FROM organization.webhook_deliveries WHERE id = $1',
          [deliveryId],
        )
      )[0]!.stream_position;

    await holding(async (manager, first) => {
      expect(await positionOf(first!.id)).toBe(1);
      // Another sender meanwhile: the head is held, and the next one is not its to send.
      expect(await holding(async (_, other) => other)).toBeUndefined();
      // A retry later: the failing head holds the webhook back.
      await deliveries.record(manager, first!.id, failedUntil(new Date(Date.now() + 60_000)));
    });
    expect(await holding(async (_, next) => next)).toBeUndefined();

    // Given up (kept as failed for replay): the next one goes.
    await dataSource.query(
      "UPDATE organization.webhook_deliveries SET next_attempt_at = now() WHERE webhook_id = $1 AND status = 'pending'",
      [id],
    );
    await holding(async (manager, first) => {
      expect(await positionOf(first!.id)).toBe(1);
      await deliveries.record(manager, first!.id, failedUntil(null));
    });
    await holding(async (_, next) => expect(await positionOf(next!.id)).toBe(2));
  });

  it('frees the delivery of a sender whose connection died at once, for another sender', async () => {
    const { organizationId } = await webhook(['*']);
    await deliveries.queue(event(organizationId, 1), new Date());
    const runner = dataSource.createQueryRunner();
    await runner.startTransaction();
    const held = await deliveries.holdNext(runner.manager);
    expect(held).toBeDefined();
    expect(await holding(async (_, other) => other)).toBeUndefined();

    // As when the sender's process is killed: PostgreSQL ends its session and its locks with it.
    const [{ pid }] = await runner.query<{ pid: number }[]>('SELECT pg_backend_pid() AS pid');
    await dataSource.query('SELECT pg_terminate_backend($1, 5000)', [pid]);
    await runner.release().catch(() => undefined);
    expect(await holding(async (_, other) => other?.id)).toBe(held!.id);
  });
});
