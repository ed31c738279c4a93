import { OrganizationConsumers, UserDeleted, type DataOf, type PublishedEvent } from '@authsvc/contracts';
import { UserSnapshots } from '@authsvc/identity-users';
import { JetStreamConsumer } from '@authsvc/platform';
import { Controller } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { EndUserMembershipsCommand } from '../member/commands/end-user-memberships.handler.js';

/**
 * Identity's user events as the organization service takes them in (at least once, in any order): they keep
 * its copy of identity's users, and a deleted user's memberships end. The copy is written first, so that no
 * membership is added for the user once their memberships are being ended.
 */
@Controller()
export class IdentityEventsNatsController {
  constructor(
    private readonly users: UserSnapshots,
    private readonly commands: CommandBus,
  ) {}

  @JetStreamConsumer(OrganizationConsumers.identityUsers)
  async userEvent(event: PublishedEvent): Promise<void> {
    const { eventId, correlationId } = event.metadata;
    const projected = await this.users.apply(event);
    if (projected?.outcome.type === 'resync') await this.users.fetch(projected.key, correlationId);
    if (event.type !== UserDeleted.type) return;
    const { userId } = event.data as DataOf<typeof UserDeleted>;
    await this.commands.execute(new EndUserMembershipsCommand(userId, { eventId, correlationId }));
  }
}
