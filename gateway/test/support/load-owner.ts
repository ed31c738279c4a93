import { ORGANIZATION_EVENTS_STREAM, type PublishedEvent } from '@authsvc/contracts';
import { jetstream, jetstreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import type pg from 'pg';
import { ACTOR_PASSWORD, signUpActor, uniqueSlug, type Actor } from './actor.js';
import { randomClientIp } from './http.js';
import type { LoadUser } from './steady-load.js';
import type { TestStack } from './test-stack.js';

/**
 * A new user signed in as the owner of a new organization: whom a steady load acts as. With `member`, a second user
 * joins it (invited and accepting), whose role the load's `change-role` requests change.
 */
export async function signUpLoadOwner(stack: TestStack, { member = false } = {}): Promise<LoadUser> {
  const owner = await signUpActor(stack, 'owner');
  const created = await owner.post<{ id: string }>('/organization/create', { name: 'Load', slug: uniqueSlug() });
  if (created.status !== 200) throw new Error(`organization not created: ${JSON.stringify(created.body)}`);
  const memberId = member ? await joinedMember(stack, owner, created.body.id) : undefined;
  return {
    memberId,
    email: owner.email,
    password: ACTOR_PASSWORD,
    cookie: owner.cookie,
    organizationId: created.body.id,
    ip: randomClientIp(),
    origin: new URL(stack.baseUrl).origin,
  };
}

async function joinedMember(stack: TestStack, owner: Actor, organizationId: string): Promise<string> {
  const invitee = await signUpActor(stack, 'member');
  const invited = await owner.post<{ id: string }>('/organization/invite-member', {
    email: invitee.email,
    role: 'member',
    organizationId,
  });
  if (invited.status !== 200) throw new Error(`not invited: ${JSON.stringify(invited.body)}`);
  const accepted = await invitee.post<{ member: { id: string } }>('/organization/accept-invitation', {
    invitationId: invited.body.id,
  });
  if (accepted.status !== 200) throw new Error(`invitation not accepted: ${JSON.stringify(accepted.body)}`);
  return accepted.body.member.id;
}

/** The events of an organization (of one type, when given) in the organization service's event log. */
export async function recordedEvents(db: pg.Client, organizationId: string, type?: string): Promise<number> {
  const { rows } = await db.query<{ count: string }>(
    'SELECT count(*) FROM organization.events WHERE stream_id = $1 AND ($2::text IS NULL OR type = $2)',
    [`organization-${organizationId}`, type ?? null],
  );
  return Number(rows[0].count);
}

/** The invitations the organization service recorded for an organization (its event log, the source of truth). */
export const recordedInvitations = (db: pg.Client, organizationId: string) =>
  recordedEvents(db, organizationId, 'InvitationCreated');

/** The stream positions of an organization's events as the JetStream stream holds them, in the stream's order. */
export async function organizationEventsOnBus(nc: NatsConnection, organizationId: string): Promise<number[]> {
  const { state } = await (await jetstreamManager(nc)).streams.info(ORGANIZATION_EVENTS_STREAM);
  const positions: number[] = [];
  if (state.last_seq === 0) return positions;
  const messages = await (await jetstream(nc).consumers.get(ORGANIZATION_EVENTS_STREAM)).consume();
  for await (const message of messages) {
    const event = message.json<PublishedEvent>();
    if (event.streamId === `organization-${organizationId}`) positions.push(event.streamPosition);
    if (message.seq >= state.last_seq) break;
  }
  return positions;
}
