import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ClearEndedMembershipCommand } from './clear-ended-membership.command.js';
import { SessionWriter } from './session-writer.js';

/** The user's live sessions that have the ended membership's organization (or team) active lose it. */
@CommandHandler(ClearEndedMembershipCommand)
export class ClearEndedMembershipHandler implements ICommandHandler<ClearEndedMembershipCommand, void> {
  constructor(private readonly writer: SessionWriter) {}

  execute({ membership }: ClearEndedMembershipCommand): Promise<void> {
    return this.writer.clearEndedMembership(membership);
  }
}
