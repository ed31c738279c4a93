import { SessionConsumers, type PublishedEvent } from '@authsvc/contracts';
import { EventStore, JetStreamConsumer } from '@authsvc/platform';
import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { UserViews } from '../user-snapshot/user-views.js';
import { reactToIdentityEvent } from './identity-reactions.js';

/**
 * Identity's facts as the session service takes them in. Only the events it reacts to are delivered to it:
 * one durable consumer per subject filter (servers before 2.10 accept one filter per consumer).
 */
@Controller()
export class IdentityEventsNatsController {
  constructor(
    private readonly commands: CommandBus,
    private readonly store: EventStore,
    private readonly users: UserViews,
  ) {}

  @JetStreamConsumer(SessionConsumers.identityUsers)
  userEvent(event: PublishedEvent): Promise<void> {
    return reactToIdentityEvent(event, this.commands, this.store, this.users);
  }

  @JetStreamConsumer(SessionConsumers.identityCredentials)
  credentialEvent(event: PublishedEvent): Promise<void> {
    return reactToIdentityEvent(event, this.commands, this.store, this.users);
  }
}
