import { DomainError, RequestErrors } from '@authsvc/errors';
import { EventStore, type CommandContext, type RecordedEvent, type UniqueViolationMap } from '@authsvc/platform';
import { Injectable } from '@nestjs/common';
import { decideUser, type UserCommand } from './user.decider.js';
import { evolveUser, initialUserState, userStreamId, type UserState } from './user-state.js';

const ATTEMPTS = 3;

/**
 * Runs a command against one user's stream: load, decide, append (read models follow in the same
 * transaction). When another command appended first, the command is decided again on the new state, so
 * that racing requests (two clicks on one link) get the answer the later state gives.
 */
@Injectable()
export class UserStream {
  constructor(private readonly store: EventStore) {}

  async state(userId: string): Promise<UserState> {
    return (await this.store.readStream(userStreamId(userId))).reduce(evolveUser, initialUserState);
  }

  /** The events the command recorded; none when it changed nothing. */
  async execute(
    userId: string,
    command: UserCommand,
    context: CommandContext,
    uniqueViolations?: UniqueViolationMap,
  ): Promise<RecordedEvent[]> {
    const streamId = userStreamId(userId);
    for (let attempt = 1; ; attempt++) {
      const history = await this.store.readStream(streamId);
      const events = decideUser(command, history.reduce(evolveUser, initialUserState));
      if (events.length === 0) return [];
      try {
        return await this.store.append({
          streamId,
          expectedVersion: history.length,
          events,
          context,
          uniqueViolations,
        });
      } catch (error) {
        const lostRace = error instanceof DomainError && error.code === RequestErrors.CONCURRENT_MODIFICATION.code;
        if (!lostRace || attempt === ATTEMPTS) throw error;
      }
    }
  }
}
