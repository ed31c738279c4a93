import { BackEndNatsAccess, MemberRpc } from '@authsvc/contracts';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import pg from 'pg';
import { signUpActor, uniqueSlug, type Actor } from './actor.js';
import { askNats } from './nats-rpc.js';
import { TestStack } from './test-stack.js';
import { WebhookReceiver } from './webhook-receiver.js';

export interface Webhook {
  id: string;
  organizationId: string;
  url: string;
  events: string[];
  secret?: string;
}

export interface DeliveredEvent {
  type: string;
  streamPosition: number;
  data: { organizationId: string; name?: string };
  metadata: { eventId: string };
}

/** The webhook suite's stack and users, a client of its database, NATS as the back end, and a receiver. */
export interface WebhookWorld {
  stack: TestStack;
  db: pg.Client;
  backEnd: NatsConnection;
  receiver: WebhookReceiver;
  owner: Actor;
  admin: Actor;
  member: Actor;
  outsider: Actor;
  stop(): Promise<void>;
}

export async function startWebhookWorld(): Promise<WebhookWorld> {
  const stack = await TestStack.start();
  const [owner, admin, member, outsider] = await Promise.all(
    ['owner', 'admin', 'member', 'outsider'].map((label) => signUpActor(stack, label)),
  );
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();
  const backEnd = await connect({ ...stack.natsOptions(BackEndNatsAccess.user), waitOnFirstConnect: true });
  const receiver = await WebhookReceiver.start();
  const stop = async () => {
    await Promise.all([backEnd.close(), db.end(), receiver.stop()]);
    await stack.stop();
  };
  return { stack, db, backEnd, receiver, owner, admin, member, outsider, stop };
}

/** An organization of the world's owner with its admin and member in it. */
export async function webhookOrganization({ owner, admin, member, backEnd }: WebhookWorld): Promise<string> {
  const created = await owner.post<{ id: string }>('/organization/create', {
    name: 'Hooks',
    slug: uniqueSlug('hooks'),
  });
  expect(created.status).toBe(200);
  for (const [actor, role] of [
    [admin, 'admin'],
    [member, 'member'],
  ] as const) {
    const answer = await askNats(
      backEnd,
      MemberRpc.add,
      { organizationId: created.body.id, userId: actor.id, role },
      'webhooks',
    );
    expect(answer).not.toHaveProperty('err');
  }
  return created.body.id;
}
