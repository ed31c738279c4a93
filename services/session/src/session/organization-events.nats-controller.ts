import { SessionConsumers, type PublishedEvent } from '@authsvc/contracts';
import { JetStreamConsumer } from '@authsvc/platform';
import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { reactToOrganizationEvent } from './organization-reactions.js';

/**
 * The organization service's facts as the session service takes them in: the ends of memberships only, one
 * durable consumer per subject (servers before 2.10 accept one filter per consumer). Each keeps the order of
 * the stream; between the two none is needed, as each reaction only clears what is still active.
 */
@Controller()
export class OrganizationEventsNatsController {
  constructor(private readonly commands: CommandBus) {}

  @JetStreamConsumer(SessionConsumers.organizationMembers)
  memberEvent(event: PublishedEvent): Promise<void> {
    return reactToOrganizationEvent(event, this.commands);
  }

  @JetStreamConsumer(SessionConsumers.organizationTeams)
  teamEvent(event: PublishedEvent): Promise<void> {
    return reactToOrganizationEvent(event, this.commands);
  }
}
