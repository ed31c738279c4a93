import { randomUUID } from 'node:crypto';
import { OrganizationConsumers } from '@authsvc/contracts';
import { jetstreamManager } from '@nats-io/jetstream';
import { connect } from '@nats-io/transport-node';
import pg from 'pg';
import { signUpActor, uniqueSlug, type Actor } from './support/actor.js';
import { eventually } from './support/eventually.js';
import { NATS_ADMIN, TestStack } from './support/test-stack.js';
import { signatureValid, WebhookReceiver } from './support/webhook-receiver.js';
import { refused } from './support/refused.js';
import {
  startWebhookWorld,
  webhookOrganization,
  type DeliveredEvent,
  type Webhook,
  type WebhookWorld,
} from './support/webhook-steps.js';

describe('organization webhooks', () => {
  let world: WebhookWorld;
  let stack: TestStack, db: pg.Client, receiver: WebhookReceiver;
  let owner: Actor, admin: Actor, member: Actor, outsider: Actor;
  const organization = () => webhookOrganization(world);
  beforeAll(async () => {
    world = await startWebhookWorld();
    ({ stack, db, receiver, owner, admin, member, outsider } = world);
  });
  afterAll(() => world?.stop());

  it('lets owners and admins manage webhooks, shows the secret once, and refuses members and outsiders', async () => {
    const organizationId = await organization();
    const url = receiver.url(`/rights-${randomUUID()}`);
    const body = { organizationId, url, events: ['MemberAdded'] };

    expect(await member.post('/organization/webhook/create', body)).toMatchObject(
      refused(403, 'YOU_ARE_NOT_ALLOWED_TO_MANAGE_WEBHOOKS'),
    );
    expect(await outsider.post('/organization/webhook/create', body)).toMatchObject(
      refused(403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION'),
    );
    const created = await admin.post<Webhook>('/organization/webhook/create', body);
    expect(created.status).toBe(200);
    expect(created.body).toMatchObject({ organizationId, url, events: ['MemberAdded'] });
    expect(created.body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);

    const listed = await owner.get<Webhook[]>('/organization/webhook/list', { organizationId });
    expect(listed.body).toEqual([expect.objectContaining({ id: created.body.id, url })]);
    expect(listed.body[0]).not.toHaveProperty('secret');
    expect(await member.get('/organization/webhook/list', { organizationId })).toMatchObject(
      refused(403, 'YOU_ARE_NOT_ALLOWED_TO_MANAGE_WEBHOOKS'),
    );

    const updated = await owner.post<Webhook>('/organization/webhook/update', {
      organizationId,
      webhookId: created.body.id,
      events: ['*'],
    });
    expect(updated).toMatchObject({ status: 200, body: { id: created.body.id, url, events: ['*'] } });
    expect(updated.body).not.toHaveProperty('secret');

    // Another organization's owner does not reach it, even naming its id.
    const [other] = await Promise.all([signUpActor(stack, 'other-owner')]);
    const otherOrganization = await other.post<{ id: string }>('/organization/create', {
      name: 'Other',
      slug: uniqueSlug('other'),
    });
    expect(
      await other.post('/organization/webhook/delete', {
        organizationId: otherOrganization.body.id,
        webhookId: created.body.id,
      }),
    ).toMatchObject(refused(404, 'WEBHOOK_NOT_FOUND'));

    const deleted = await admin.post('/organization/webhook/delete', { organizationId, webhookId: created.body.id });
    expect(deleted.status).toBe(200);
    expect((await owner.get<Webhook[]>('/organization/webhook/list', { organizationId })).body).toEqual([]);
    expect(
      await owner.post('/organization/webhook/update', { organizationId, webhookId: created.body.id, url }),
    ).toMatchObject(refused(404, 'WEBHOOK_NOT_FOUND'));
  });

  it('refuses endpoints that are not http(s), and unknown event types', async () => {
    const organizationId = await organization();
    for (const url of ['ftp://127.0.0.1/hook', 'javascript:alert(1)', 'http://user:pass@127.0.0.1/hook']) {
      expect(await owner.post('/organization/webhook/create', { organizationId, url, events: ['*'] })).toMatchObject(
        refused(400, 'INVALID_WEBHOOK_URL'),
      );
    }
    expect(
      await owner.post('/organization/webhook/create', {
        organizationId,
        url: receiver.url('/typo'),
        events: ['MemberAddedd'],
      }),
    ).toMatchObject(refused(400, 'VALIDATION_ERROR'));
  });

  it('delivers signed events in the organization order, retrying within ten seconds after a 500', async () => {
    const organizationId = await organization();
    const path = `/ordered-${randomUUID()}`;
    receiver.answer(path, 500);
    const created = await owner.post<Webhook>('/organization/webhook/create', {
      organizationId,
      url: receiver.url(path),
      events: ['OrganizationUpdated'],
    });
    expect(created.status).toBe(200);
    const names = ['First', 'Second', 'Third'];
    for (const name of names) {
      expect((await owner.post('/organization/update', { organizationId, data: { name } })).status).toBe(200);
    }

    const requests = await eventually(
      async () =>
        receiver.at(path).filter(({ answered }) => answered === 200).length >= 3 ? receiver.at(path) : undefined,
      { timeoutMs: 30_000, what: 'three delivered events' },
    );
    for (const request of requests) expect(signatureValid(created.body.secret!, request)).toBe(true);
    expect(signatureValid(`whsec_${Buffer.alloc(24).toString('base64')}`, requests[0]!)).toBe(false);

    // The first attempt was answered 500; the same message came again (same webhook-id) within ten seconds.
    const [failed, retried] = requests;
    expect(failed!.answered).toBe(500);
    expect(retried!.headers['webhook-id']).toBe(failed!.headers['webhook-id']);
    expect(retried!.body).toBe(failed!.body);
    expect(retried!.at - failed!.at).toBeLessThan(10_000);

    const delivered = requests
      .filter(({ answered }) => answered === 200)
      .map(({ body }) => JSON.parse(body) as DeliveredEvent);
    expect(delivered.map(({ type }) => type)).toEqual([
      'OrganizationUpdated',
      'OrganizationUpdated',
      'OrganizationUpdated',
    ]);
    expect(delivered.map(({ data }) => data.name)).toEqual(names);
    expect(delivered.every(({ data }) => data.organizationId === organizationId)).toBe(true);
    const positions = delivered.map(({ streamPosition }) => streamPosition);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(new Set(requests.map(({ headers }) => headers['webhook-id'])).size).toBe(3);
  }, 60_000);

  it('keeps a delivery given up as failed, and sends it again on replay', async () => {
    const organizationId = await organization();
    const path = `/replayed-${randomUUID()}`;
    const created = await owner.post<Webhook>('/organization/webhook/create', {
      organizationId,
      url: receiver.url(path),
      events: ['OrganizationUpdated'],
    });
    receiver.answer(path, 500);
    await owner.post('/organization/update', { organizationId, data: { name: 'Replayed' } });
    await eventually(async () => (receiver.at(path).length > 0 ? true : undefined), { what: 'the first attempt' });
    receiver.answer(path, 500);
    // A day of retries, elapsed: the delivery's first attempt moved back past the retry window.
    const { rows } = await eventually(async () => {
      const result = await db.query<{ id: string }>(
        `UPDATE organization.webhook_deliveries SET first_attempt_at = now() - interval '2 days', next_attempt_at = now()
         WHERE webhook_id = $1 AND status = 'pending' AND attempts = 1 RETURNING id`,
        [created.body.id],
      );
      return result.rowCount ? result : undefined;
    });
    const failed = await eventually(
      async () => {
        const result = await db.query<{ status: string }>(
          'SELECT status FROM organization.webhook_deliveries WHERE id = $1',
          [rows[0]!.id],
        );
        return result.rows[0]?.status === 'failed' ? true : undefined;
      },
      { what: 'the delivery kept as failed' },
    );
    expect(failed).toBe(true);
    const before = receiver.at(path).length;

    expect(
      await member.post('/organization/webhook/replay', { organizationId, webhookId: created.body.id }),
    ).toMatchObject(refused(403, 'YOU_ARE_NOT_ALLOWED_TO_MANAGE_WEBHOOKS'));
    expect(
      await owner.post('/organization/webhook/replay', {
        organizationId,
        webhookId: created.body.id,
        deliveryId: randomUUID(),
      }),
    ).toMatchObject(refused(404, 'WEBHOOK_DELIVERY_NOT_FOUND'));
    const replayed = await owner.post('/organization/webhook/replay', {
      organizationId,
      webhookId: created.body.id,
      deliveryId: rows[0]!.id,
    });
    expect(replayed).toMatchObject({ status: 200, body: { replayed: 1 } });
    const resent = await eventually(
      async () =>
        receiver
          .at(path)
          .slice(before)
          .find(({ answered }) => answered === 200),
      { what: 'the replayed delivery' },
    );
    expect(signatureValid(created.body.secret!, resent)).toBe(true);
    expect((JSON.parse(resent.body) as DeliveredEvent).data.name).toBe('Replayed');
  }, 60_000);

  it('sends every type to ["*"] from its creation on, and each organization its own events only', async () => {
    const [first, second] = await Promise.all([organization(), organization()]);
    const [everything, updates] = [`/everything-${randomUUID()}`, `/updates-${randomUUID()}`];
    for (const [organizationId, path, events] of [
      [first, everything, ['*']],
      [second, updates, ['OrganizationUpdated']],
    ] as const) {
      const created = await owner.post('/organization/webhook/create', {
        organizationId,
        url: receiver.url(path),
        events,
      });
      expect(created.status).toBe(200);
    }
    await owner.post('/organization/update', { organizationId: first, data: { name: 'First everything' } });
    expect((await owner.post('/organization/create-team', { organizationId: first, name: 'Hooked' })).status).toBe(200);
    await owner.post('/organization/update', { organizationId: second, data: { name: 'Second updates' } });
    await owner.post('/organization/create-team', { organizationId: second, name: 'Unhooked' });

    const typesAt = async (path: string, count: number) =>
      eventually(async () => (receiver.at(path).length >= count ? receiver.at(path) : undefined), { what: path });
    const firstEvents = (await typesAt(everything, 2)).map(({ body }) => JSON.parse(body) as DeliveredEvent);
    expect(firstEvents.map(({ type }) => type)).toEqual(['OrganizationUpdated', 'TeamCreated']);
    expect(firstEvents.every(({ data }) => data.organizationId === first)).toBe(true);
    const secondEvents = (await typesAt(updates, 1)).map(({ body }) => JSON.parse(body) as DeliveredEvent);
    expect(secondEvents).toEqual([
      expect.objectContaining({
        type: 'OrganizationUpdated',
        data: expect.objectContaining({ organizationId: second, name: 'Second updates' }),
      }),
    ]);
  });

  // Last: it adds a second organization service to the stack, and crashes each replica in turn.
  it('with two replicas, each killed (-9) while events flow, delivers every recorded event, in order', async () => {
    await stack.startServiceReplica('organization');
    // Why the order holds with two replicas: the consumer hands out the next event once the last is acknowledged.
    const admin = await connect(stack.natsOptions(NATS_ADMIN));
    const { config } = await (
      await jetstreamManager(admin)
    ).consumers.info(OrganizationConsumers.webhooks.stream, OrganizationConsumers.webhooks.durableName);
    await admin.close();
    expect(config).toMatchObject({ max_ack_pending: 1, ack_wait: 10_000_000_000 });
    const organizationId = await organization();
    const path = `/replicas-${randomUUID()}`;
    // Slow answers, so that a killed replica is likely to die in the middle of a delivery.
    receiver.delay(path, 100);
    const created = await owner.post<Webhook>('/organization/webhook/create', {
      organizationId,
      url: receiver.url(path),
      events: ['OrganizationUpdated'],
    });
    expect(created.status).toBe(200);
    // Concurrent updates: JetStream has several events to hand to both replicas at once. A request the killed
    // replica was answering fails; its event may be recorded all the same, and is owed then.
    let sent = 0;
    const burst = () =>
      Promise.all(
        Array.from({ length: 4 }, () =>
          owner.post('/organization/update', { organizationId, data: { name: `Name ${sent++}` } }),
        ),
      );
    await burst();
    await Promise.all([burst(), stack.kill('organization')]);
    await burst();
    await stack.restart('organization');
    await Promise.all([burst(), stack.kill('organization-replica')]);
    await burst();

    // Read again at each look: a replica slowed down past the gateway's timeout may still record its update.
    const recordedPositions = async () => {
      const { rows } = await db.query<{ stream_position: number }>(
        `SELECT stream_position FROM organization.events WHERE stream_id = $1 AND type = 'OrganizationUpdated'
         ORDER BY stream_position`,
        [`organization-${organizationId}`],
      );
      return rows.map(({ stream_position }) => stream_position);
    };
    const { recorded, delivered } = await eventually(
      async () => {
        const positions = await recordedPositions();
        const seen = new Map<string, number>();
        for (const { headers, body, answered } of receiver.at(path)) {
          const id = headers['webhook-id']!;
          if (answered === 200 && !seen.has(id)) seen.set(id, (JSON.parse(body) as DeliveredEvent).streamPosition);
        }
        return seen.size >= positions.length ? { recorded: positions, delivered: [...seen.values()] } : undefined;
      },
      // An event the killed replica held reaches the other after the consumer's 10 s ack wait.
      { timeoutMs: 60_000, intervalMs: 250, what: 'every recorded event delivered' },
    );
    expect(recorded.length).toBeGreaterThanOrEqual(12);
    expect(delivered).toEqual(recorded);
    for (const request of receiver.at(path)) expect(signatureValid(created.body.secret!, request)).toBe(true);
  }, 150_000);
});
