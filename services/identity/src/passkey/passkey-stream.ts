import { PasskeyErrors } from '@authsvc/errors';
import { EventStore, loadedAtVersion, type CommandContext, type RecordedEvent } from '@authsvc/platform';
import { Injectable } from '@nestjs/common';
import { UserEntity } from '../user/user.entity.js';
import { userStreamId } from '../user/user-state.js';
import { PASSKEYS_CREDENTIAL_UNIQUE, PasskeyEntity } from './passkey.entity.js';
import { decidePasskey, type AddPasskey, type RemovePasskey, type RenamePasskey } from './passkey.decider.js';

/**
 * Passkey commands on the user's stream, decided on rows read with the stream's version (one statement) instead of
 * a replay of the user's whole history: the rows are inline projections of that stream, so they are its state at
 * that version.
 */
@Injectable()
export class PasskeyStream {
  constructor(private readonly store: EventStore) {}

  /** A credential registered twice (by any user) is refused as the registration it is. */
  add(userId: string, command: AddPasskey, context: CommandContext): Promise<RecordedEvent[]> {
    const streamId = userStreamId(userId);
    return this.store.execute({
      streamId,
      state: loadedAtVersion(async () => {
        const { version, row } = await this.store.rowAtVersion(streamId, UserEntity, { id: userId });
        return { version, state: { userId, registered: row !== null, passkey: null } };
      }),
      decide: (owner) => decidePasskey(command, owner),
      context,
      uniqueViolations: { [PASSKEYS_CREDENTIAL_UNIQUE]: PasskeyErrors.FAILED_TO_VERIFY_REGISTRATION },
    });
  }

  /** Rename or remove one passkey; only a passkey of `userId` is found. */
  change(
    userId: string,
    passkeyId: string,
    command: RenamePasskey | RemovePasskey,
    context: CommandContext,
  ): Promise<RecordedEvent[]> {
    const streamId = userStreamId(userId);
    return this.store.execute({
      streamId,
      state: loadedAtVersion(async () => {
        const { version, row } = await this.store.rowAtVersion(streamId, PasskeyEntity, { id: passkeyId, userId });
        const passkey = row && { id: row.id, name: row.name };
        // A passkey row exists only while its user does (ON DELETE CASCADE); without one the answer is not found.
        return { version, state: { userId, registered: true, passkey } };
      }),
      decide: (owner) => decidePasskey(command, owner),
      context,
    });
  }
}
