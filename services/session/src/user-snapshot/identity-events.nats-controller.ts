import { SessionConsumers, type PublishedEvent } from '@authsvc/contracts';
import { EventStore, JetStreamConsumer } from '@authsvc/platform';
import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { reactToIdentityEvent } from '../session/identity-reactions.js';
import { UserViews } from './user-views.js';

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
