import { EventStore, type CommandContext, type RecordedEvent, type UniqueViolationMap } from '@authsvc/platform';
import { Injectable } from '@nestjs/common';
import { decideUser, type UserCommand } from './user.decider.js';
import { evolveUser, initialUserState, userStreamId, type UserState } from './user-state.js';

/** The user aggregate on the event store: its state, and commands run against its stream. */
@Injectable()
export class UserStream {
  constructor(private readonly store: EventStore) {}

  async state(userId: string): Promise<UserState> {
    return (await this.store.readStream(userStreamId(userId))).reduce(evolveUser, initialUserState);
  }

  /**
   * The events the command recorded; none when it changed nothing. A deletion also destroys the user's data
   * key in the same transaction.
   */
  execute(
    userId: string,
    command: UserCommand,
    context: CommandContext,
    uniqueViolations?: UniqueViolationMap,
  ): Promise<RecordedEvent[]> {
    return this.store.execute({
      streamId: userStreamId(userId),
      decide: (history) => decideUser(command, history.reduce(evolveUser, initialUserState)),
      context,
      uniqueViolations,
      erasePersonalDataOf: command.type === 'DeleteUser' ? userId : undefined,
    });
  }
}
