import { SessionConsumers, type PublishedEvent } from '@authsvc/contracts';
import { JetStreamConsumer } from '@authsvc/platform';
import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { reactToOrganizationEvent } from './organization-reactions.js';

/** The organization service's facts as the session service takes them in, in the order of their stream. */
@Controller()
export class OrganizationEventsNatsController {
  constructor(private readonly commands: CommandBus) {}

  @JetStreamConsumer(SessionConsumers.organizations)
  organizationEvent(event: PublishedEvent): Promise<void> {
    return reactToOrganizationEvent(event, this.commands);
  }
}
