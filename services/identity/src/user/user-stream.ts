import {
  EventStore,
  loadedAtVersion,
  replayed,
  type CommandContext,
  type RecordedEvent,
  type UniqueViolationMap,
} from '@authsvc/platform';
import { Injectable } from '@nestjs/common';
import { AccountEntity } from './account.entity.js';
import { refreshProviderTokens, type RefreshProviderTokens } from './social-account.decisions.js';
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
      state: replayed(initialUserState, evolveUser),
      decide: (state) => decideUser(command, state),
      context,
      uniqueViolations,
      erasePersonalDataOf: command.type === 'DeleteUser' ? userId : undefined,
    });
  }

  /**
   * Records a provider account's new tokens, decided on the account's row at the stream's version rather than on
   * the user's history: every returning sign-in through a provider records its tokens, so a replay (decrypting each
   * earlier grant) would cost more with every sign-in of the user.
   */
  refreshProviderTokens(
    userId: string,
    command: RefreshProviderTokens,
    context: CommandContext,
  ): Promise<RecordedEvent[]> {
    const streamId = userStreamId(userId);
    return this.store.execute({
      streamId,
      state: loadedAtVersion(async () => {
        const { version, row } = await this.store.rowAtVersion(streamId, AccountEntity, {
          id: command.accountId,
          userId,
        });
        const held = row !== null && row.providerId !== 'credential';
        return { version, state: { userId, socialAccounts: held ? [{ accountId: row.id }] : [] } };
      }),
      decide: (owner) => refreshProviderTokens(command, owner),
      context,
    });
  }
}
