import { BackEndConsumers, ORGANIZATION_EVENTS_STREAM, type PublishedEvent } from '@authsvc/contracts';
import { jetstreamManager, type JetStreamManager } from '@nats-io/jetstream';
import type { NatsConnection } from '@nats-io/transport-node';
import { eventually } from '../../gateway/test/support/eventually.js';
import type { SubscriberProcess } from './subscriber-process.js';

/** The event types examples/subscriber.ts follows. */
export const MEMBERSHIP_EVENT_TYPES: ReadonlySet<string> = new Set([
  'MemberAdded',
  'MemberRoleChanged',
  'MemberRemoved',
]);

/** The ORGANIZATION_EVENTS stream and the back end's durable consumer, as a test inspects them (unrestricted). */
export class OrganizationEventsStream {
  private constructor(private readonly manager: JetStreamManager) {}

  /** Over a connection allowed everything (the test stacks' `NATS_ADMIN`): direct gets and consumer info. */
  static async over(admin: NatsConnection): Promise<OrganizationEventsStream> {
    return new OrganizationEventsStream(await jetstreamManager(admin));
  }

  /** Every message of the stream, in its order (copies included). */
  async messages(): Promise<PublishedEvent[]> {
    const { state } = await this.manager.streams.info(ORGANIZATION_EVENTS_STREAM);
    const events: PublishedEvent[] = [];
    for (let seq = state.first_seq; seq <= state.last_seq; seq += 1) {
      const message = await this.manager.streams.getMessage(ORGANIZATION_EVENTS_STREAM, { seq });
      events.push(message!.json<PublishedEvent>());
    }
    return events;
  }

  /** How many messages the stream holds. */
  async size(): Promise<number> {
    return (await this.manager.streams.info(ORGANIZATION_EVENTS_STREAM)).state.messages;
  }

  /** The back end's durable consumer, as the subscriber created it. */
  consumer() {
    return this.manager.consumers.info(ORGANIZATION_EVENTS_STREAM, BackEndConsumers.organizationEvents.durableName);
  }

  /** Resolves once `subscriber` acknowledged every message the stream holds; fails if it exited. */
  async acknowledgedBy(subscriber: SubscriberProcess): Promise<void> {
    await eventually(
      async () => {
        if (!subscriber.running) throw new Error(`the subscriber exited:\n${subscriber.log}`);
        const { state } = await this.manager.streams.info(ORGANIZATION_EVENTS_STREAM);
        const consumer = await this.consumer();
        return consumer.ack_floor.stream_seq === state.last_seq && consumer.num_pending === 0 ? true : undefined;
      },
      { timeoutMs: 15_000, intervalMs: 50, what: 'the subscriber to acknowledge every event' },
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n--- subscriber ---\n${subscriber.log}`);
    });
  }
}
